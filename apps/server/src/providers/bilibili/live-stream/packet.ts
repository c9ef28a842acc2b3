/**
 * The live message protocol of api.live.bilibili.com (the "broadcastlv" WebSocket at `wss://<host>/sub`):
 * binary packets with a 16-byte big-endian header — packet length (u32), header length (u16, 16), protocol
 * version (u16: 0 JSON, 1 heartbeat int, 2 zlib-deflated packets, 3 brotli-compressed packets), operation
 * (u32) and sequence (u32) — followed by the body. Operations: 2 heartbeat (client, every 30 s), 3 heartbeat
 * reply (body: the room's popularity as u32), 5 message (body: one JSON command), 7 auth (client, first
 * packet: uid, roomid, protover, platform, type, key), 8 auth reply (`{"code":0}`).
 * A compressed packet's body is itself a run of packets. Both the simulator and the collector use this codec.
 */
import { brotliCompressSync, brotliDecompressSync, deflateSync, inflateSync } from 'node:zlib';

export const HEADER_LENGTH = 16;

export const Op = {
  HEARTBEAT: 2,
  HEARTBEAT_REPLY: 3,
  MESSAGE: 5,
  AUTH: 7,
  AUTH_REPLY: 8,
} as const;

export const Ver = {
  JSON: 0,
  INT: 1,
  ZLIB: 2,
  BROTLI: 3,
} as const;

export interface Packet {
  ver: number;
  op: number;
  seq: number;
  body: Buffer;
}

export function encodePacket(op: number, body: Buffer | string | object, ver: number = Ver.JSON, seq = 1): Buffer {
  const payload = Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
  const header = Buffer.alloc(HEADER_LENGTH);
  header.writeUInt32BE(HEADER_LENGTH + payload.length, 0);
  header.writeUInt16BE(HEADER_LENGTH, 4);
  header.writeUInt16BE(ver, 6);
  header.writeUInt32BE(op, 8);
  header.writeUInt32BE(seq, 12);
  return Buffer.concat([header, payload]);
}

/** Several op-5 messages as one compressed packet (the server's usual batching). */
export function encodeMessages(messages: readonly object[], ver: typeof Ver.ZLIB | typeof Ver.BROTLI): Buffer {
  const inner = Buffer.concat(messages.map((m) => encodePacket(Op.MESSAGE, m)));
  const packed = ver === Ver.ZLIB ? deflateSync(inner) : brotliCompressSync(inner);
  return encodePacket(Op.MESSAGE, packed, ver, 0);
}

/** The popularity heartbeat reply (op 3, body u32). */
export function encodeHeartbeatReply(popularity: number): Buffer {
  const body = Buffer.alloc(4);
  body.writeUInt32BE(Math.max(0, Math.min(0xffffffff, Math.round(popularity))), 0);
  return encodePacket(Op.HEARTBEAT_REPLY, body, Ver.INT);
}

/**
 * Every packet of one WebSocket frame, compressed runs unpacked (recursively). A truncated or malformed
 * frame yields the packets before the damage.
 */
export function decodePackets(frame: Buffer): Packet[] {
  const out: Packet[] = [];
  let offset = 0;
  while (offset + HEADER_LENGTH <= frame.length) {
    const length = frame.readUInt32BE(offset);
    const headerLength = frame.readUInt16BE(offset + 4);
    if (length < headerLength || headerLength < HEADER_LENGTH || offset + length > frame.length) break;
    const ver = frame.readUInt16BE(offset + 6);
    const op = frame.readUInt32BE(offset + 8);
    const seq = frame.readUInt32BE(offset + 12);
    const body = frame.subarray(offset + headerLength, offset + length);
    if (op === Op.MESSAGE && (ver === Ver.ZLIB || ver === Ver.BROTLI)) {
      try {
        out.push(...decodePackets(ver === Ver.ZLIB ? inflateSync(body) : brotliDecompressSync(body)));
      } catch {
        // a body that does not decompress is dropped, like the platform's own client does
      }
    } else {
      out.push({ ver, op, seq, body });
    }
    offset += length;
  }
  return out;
}
