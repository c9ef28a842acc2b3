-- Live monitoring (livingMonitor, issue #24): the messages of monitored rooms, as the collector receives them
-- from the room's message stream (providers/bilibili/live-stream): danmaku, gifts (value in CNY; free silver
-- gifts 0), super chats (醒目留言) and guard purchases (上舰). `ts` is the sender's time as the platform gives
-- it. A second connection to the same room (two workers, a reconnect) writes nothing twice: the natural key
-- is (room, time, kind, sender, text). Kept with the room's samples; a target's window selects from them.
CREATE TABLE live_messages (
  room_id  bigint        NOT NULL,
  ts       timestamptz   NOT NULL,
  kind     text          NOT NULL CHECK (kind IN ('danmaku', 'gift', 'superchat', 'guard')),
  uid      bigint        NOT NULL,
  uname    text          NOT NULL,
  text     text          NOT NULL,
  num      integer       NOT NULL DEFAULT 1 CHECK (num >= 1),
  value    numeric(12,2) NOT NULL DEFAULT 0 CHECK (value >= 0),
  PRIMARY KEY (room_id, ts, kind, uid, text)
);
CREATE INDEX live_messages_paid_idx ON live_messages (room_id, ts) WHERE kind <> 'danmaku';
