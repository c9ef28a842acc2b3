import {
  DEFAULT_GROUP_LABEL,
  DEFAULT_GROUP_NAME,
  LinkType,
  ListMsg,
  listLimit,
  type AddCustomizeSortParams,
  type AnswerBody,
  type AttentionItem,
  type AttentionListAnswer,
  type LinkKolItem,
  type LinkKolParams,
  type LinkVideoItem,
  type LinkVideoParams,
  type MoveLinkKolGroupParams,
  type MoveLinkKolSortParams,
  type MyLinkKolAnswer,
  type MyLinkVideoAnswer,
  type MyLinkKolParams,
  type MyLinkVideoParams,
  type SetOpenMonitorParams,
  type UpdateCustomizeSortParams,
  type UserThemeInfo,
} from '@xg/shared';
import { AppError } from '../../lib/app-error.js';
import { num, toKolItem } from '../creators/kol-items.js';
import { toVideoItem } from '../videos/video-items.js';
import type { UserRepository } from '../user/user.repository.js';
import { toAttentionChanges } from './attention-items.js';
import type { AttentionRepository } from './attention.repository.js';
import type { CollectRepository } from './collect.repository.js';
import { enforceLimit, teamMember, type TeamMember } from './team.js';

export interface CollectionRequestItem {
  id: number;
  kolUid: number;
  state: string;
  kolId: number | null;
  kolName: string;
  requestedBy: string;
  createdAt: string;
  updatedAt: string;
}

/** Flags of a creator or video as the team sees it. */
export interface TeamFlags {
  isCollect: number;
  isPut: number;
}

/** The flags of one row from the set of its saved types (none saved: both 0). */
function teamFlags(types: ReadonlySet<number> | undefined): TeamFlags {
  return { isCollect: types?.has(LinkType.COLLECT) ? 1 : 0, isPut: types?.has(LinkType.PUT) ? 1 : 0 };
}

/**
 * `row` with the team's flags: the row itself when they are already its own (most rows of a list: the team saved
 * none of them), else a copy. Rows may be shared (a cached ranking page), so they are never changed in place; and
 * a copy is `Object.assign({}, …)`, not `{ ...row, ...flags }`, which costs ≈ 4–6 µs a row on Node 20's V8
 * (docs/decisions.md, "Object spread on list rows").
 */
function withTeamFlags<T extends TeamFlags>(row: T, types: ReadonlySet<number> | undefined): T {
  const flags = teamFlags(types);
  if (row.isCollect === flags.isCollect && row.isPut === flags.isPut) return row;
  return Object.assign({}, row, flags);
}

/**
 * The team's lists (spec §4 collect toggle, monitoring flag, reorder; §5 custom groups; §7.3 calls). Every
 * method first resolves the caller's team: rows are read and written only under that team id.
 */
export class CollectService {
  constructor(
    private readonly repo: CollectRepository,
    private readonly users: UserRepository,
  ) {}

  member(userId: string): Promise<TeamMember> {
    return teamMember(this.users, userId);
  }

  // Saved creators ---------------------------------------------------------------------------------

  /** addLinkKol: idempotent (a second add, also a concurrent one, leaves one row); the tier's limit holds. */
  async addKol(userId: string, p: LinkKolParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, async (tx) => {
      const fans = await this.repo.creatorFans(tx, p.kolId);
      if (fans === null) throw AppError.fail(ListMsg.kolMissing);
      if (await this.repo.hasKol(tx, m.teamId, p.type, p.kolId)) return;
      const count = await this.repo.countKols(tx, m.teamId, p.type);
      enforceLimit(m, 'linkKol', count, p.type === LinkType.PUT ? ListMsg.limitPut : ListMsg.limitCollect);
      await this.repo.insertKol(tx, { teamId: m.teamId, userId: m.userId, type: p.type, kolId: p.kolId, fans });
    });
  }

  /** delLinkKol: idempotent (removing what a teammate already removed answers 200 with the flag off). */
  async removeKol(userId: string, p: LinkKolParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, (tx) => this.repo.deleteKol(tx, m.teamId, p.type, p.kolId));
  }

  async listKols(userId: string, p: MyLinkKolParams): Promise<AnswerBody<MyLinkKolAnswer>> {
    const m = await this.member(userId);
    const group = p.groupId === undefined ? null : p.groupId === 0 ? ('none' as const) : p.groupId;
    const [rows, count, monitorCount] = await Promise.all([
      this.repo.listKols(m.teamId, {
        type: p.type,
        sort: p.sort,
        group,
        monitor: p.isMonitor === undefined ? null : p.isMonitor === 1,
        keyword: p.keyword ?? null,
        limit: p.pageSize,
        offset: (p.pageNo - 1) * p.pageSize,
      }),
      this.repo.countKols(this.repoDb(), m.teamId, p.type),
      this.repo.countMonitors(this.repoDb(), m.teamId),
    ]);
    const flags = await this.flagsOf(
      m.teamId,
      rows.map((r) => num(r.id)),
    );
    const linkKols: LinkKolItem[] = rows.map((r) => {
      const fans = num(r.fans);
      // onto the fresh item, not a spread with new keys (slow on Node 20: kol-items.ts toKolItem)
      return Object.assign(toKolItem(r), flags.get(num(r.id)) ?? { isCollect: 0, isPut: 0 }, {
        type: p.type,
        sort: r.sort,
        isMonitor: r.monitor ? 1 : 0,
        groupId: r.group_id === null || r.group_name === DEFAULT_GROUP_NAME ? 0 : num(r.group_id),
        groupName: r.group_name === null || r.group_name === DEFAULT_GROUP_NAME ? DEFAULT_GROUP_LABEL : r.group_name,
        addTime: r.created_at.toISOString(),
        addedBy: r.added_by ?? '',
        fansSinceAdd: fans - num(r.fans_at_add),
        updateTime: r.last_collected_at ? r.last_collected_at.toISOString() : null,
      });
    });
    return {
      linkKols,
      total: rows[0] ? num(rows[0].total) : 0,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      count,
      limit: listLimit('linkKol', m.userType),
      monitorCount,
      monitorLimit: listLimit('monitor', m.userType),
    };
  }

  /**
   * setOpenMonitor (§4): on → the creator is collected hourly ('high', docs/pipeline.md) and shows on
   * upAttention; the team's monitored creators are limited per tier.
   */
  async setMonitor(userId: string, p: SetOpenMonitorParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, async (tx) => {
      if (!(await this.repo.hasKol(tx, m.teamId, p.type, p.kolId))) throw AppError.fail(ListMsg.notInList);
      const on = p.isOpen === 1;
      if (on && !(await this.repo.isMonitored(tx, m.teamId, p.kolId))) {
        enforceLimit(m, 'monitor', await this.repo.countMonitors(tx, m.teamId), ListMsg.limitMonitor);
      }
      await this.repo.setMonitor(tx, m.teamId, p.type, p.kolId, on);
      if (on) await this.repo.scheduleHigh(tx, p.kolId);
    });
  }

  /** moveLinkKolSort: kolId takes targetKolId's place; the rows between shift by one (under the team lock). */
  async move(userId: string, p: MoveLinkKolSortParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, async (tx) => {
      const current = await this.repo.order(tx, m.teamId, p.type);
      const order = current.map((x) => x.kolId);
      const from = order.indexOf(p.kolId);
      const to = order.indexOf(p.targetKolId);
      if (from < 0 || to < 0) throw AppError.fail(ListMsg.notInList);
      if (from === to) return;
      order.splice(from, 1);
      order.splice(to, 0, p.kolId);
      // Positions become 0..n-1. Once a list holds them, only the moved range is rewritten; the first move
      // (sorts still -1, -2, … from the adds) rewrites every row.
      const normalised = current.every((x, i) => x.sort === i);
      const lo = normalised ? Math.min(from, to) : 0;
      const hi = normalised ? Math.max(from, to) : order.length - 1;
      await this.repo.writeOrder(tx, m.teamId, p.type, order.slice(lo, hi + 1), lo);
    });
  }

  async moveGroup(userId: string, p: MoveLinkKolGroupParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, async (tx) => {
      let groupId: string | null = null;
      if (p.groupId !== 0) {
        const group = await this.repo.group(tx, m.teamId, p.groupId);
        if (!group) throw AppError.fail(ListMsg.groupMissing);
        groupId = group.name === DEFAULT_GROUP_NAME ? null : group.id;
      }
      if (!(await this.repo.setKolGroup(tx, m.teamId, p.type, p.kolId, groupId))) {
        throw AppError.fail(ListMsg.notInList);
      }
    });
  }

  // Saved videos -----------------------------------------------------------------------------------

  async addVideo(userId: string, p: LinkVideoParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, async (tx) => {
      const plays = await this.repo.videoPlays(tx, p.videoId);
      if (plays === null) throw AppError.fail(ListMsg.videoMissing);
      if (await this.repo.hasVideo(tx, m.teamId, p.type, p.videoId)) return;
      enforceLimit(m, 'linkVideo', await this.repo.countVideos(tx, m.teamId, p.type), ListMsg.limitVideo);
      await this.repo.insertVideo(tx, { teamId: m.teamId, userId: m.userId, type: p.type, videoId: p.videoId, plays });
    });
  }

  async removeVideo(userId: string, p: LinkVideoParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, (tx) => this.repo.deleteVideo(tx, m.teamId, p.type, p.videoId));
  }

  async listVideos(userId: string, p: MyLinkVideoParams): Promise<AnswerBody<MyLinkVideoAnswer>> {
    const m = await this.member(userId);
    const [rows, count] = await Promise.all([
      this.repo.listVideos(m.teamId, p),
      this.repo.countVideos(this.repoDb(), m.teamId, p.type),
    ]);
    const linkVideos: LinkVideoItem[] = rows.map((r) =>
      Object.assign(toVideoItem(r), {
        type: p.type,
        addTime: r.created_at.toISOString(),
        addedBy: r.added_by ?? '',
        playSinceAdd: num(r.play) - num(r.plays_at_add),
      }),
    );
    return {
      linkVideos,
      total: rows[0] ? num(rows[0].total) : 0,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
      count,
      limit: listLimit('linkVideo', m.userType),
    };
  }

  // Flags for every list of the product ---------------------------------------------------------------

  async flagsOf(teamId: string, kolIds: readonly number[]): Promise<Map<number, TeamFlags>> {
    const types = await this.repo.kolTypes(teamId, kolIds);
    return new Map([...types].map(([id, set]) => [id, teamFlags(set)]));
  }

  /** Sets isCollect / isPut of every row to the caller's team's state (the one decorator of #15). */
  async decorateKols<T extends { kolId: number; isCollect: number; isPut: number }>(
    userId: string,
    rows: T[],
  ): Promise<T[]> {
    if (rows.length === 0) return rows;
    const types = await this.repo.typesOfUser(
      'saved_creators',
      userId,
      rows.map((r) => r.kolId),
    );
    return rows.map((r) => withTeamFlags(r, types.get(r.kolId)));
  }

  /** Sets isCollect / isPut of every video row to the caller's team's state (the video lists' decorator). */
  async decorateVideos<T extends { videoId: number; isCollect: number; isPut: number }>(
    userId: string,
    rows: T[],
  ): Promise<T[]> {
    if (rows.length === 0) return rows;
    const types = await this.repo.typesOfUser(
      'saved_videos',
      userId,
      rows.map((r) => r.videoId),
    );
    return rows.map((r) => withTeamFlags(r, types.get(r.videoId)));
  }

  async videoFlags(userId: string, videoId: number): Promise<TeamFlags> {
    const m = await this.member(userId);
    const set = (await this.repo.videoTypes(m.teamId, [videoId])).get(videoId);
    return { isCollect: set?.has(LinkType.COLLECT) ? 1 : 0, isPut: set?.has(LinkType.PUT) ? 1 : 0 };
  }

  // Custom groups (§5) -------------------------------------------------------------------------------

  async groups(userId: string): Promise<{ userThemeInfos: UserThemeInfo[]; limit: number }> {
    const m = await this.member(userId);
    await this.repo.defaultGroupId(this.repoDb(), m.teamId, m.userId);
    const rows = await this.repo.groups(this.repoDb(), m.teamId);
    return {
      userThemeInfos: rows.map((r) => ({
        id: num(r.id),
        themeName: r.name,
        sortFlag: r.sort,
        isDefault: r.name === DEFAULT_GROUP_NAME ? 1 : 0,
        kolNum: num(r.kol_num),
      })),
      limit: listLimit('group', m.userType),
    };
  }

  async addGroup(userId: string, p: AddCustomizeSortParams): Promise<number> {
    const m = await this.member(userId);
    return this.repo.locked(m.teamId, async (tx) => {
      if (await this.repo.groupNameTaken(tx, m.teamId, p.themeName, null)) throw AppError.fail(ListMsg.groupNameTaken);
      enforceLimit(m, 'group', await this.repo.countGroups(tx, m.teamId), ListMsg.limitGroup);
      return num(await this.repo.insertGroup(tx, m.teamId, m.userId, p.themeName));
    });
  }

  async updateGroup(userId: string, p: UpdateCustomizeSortParams): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, async (tx) => {
      const group = await this.repo.group(tx, m.teamId, p.id);
      if (!group) throw AppError.fail(ListMsg.groupMissing);
      if (group.name === DEFAULT_GROUP_NAME) throw AppError.fail(ListMsg.groupDefaultLocked);
      if (p.themeName !== undefined && p.themeName !== group.name) {
        if (await this.repo.groupNameTaken(tx, m.teamId, p.themeName, p.id)) {
          throw AppError.fail(ListMsg.groupNameTaken);
        }
        await this.repo.renameGroup(tx, group.id, p.themeName);
      }
      if (p.sortFlag !== undefined) {
        const ids = (await this.repo.groups(tx, m.teamId))
          .filter((g) => g.name !== DEFAULT_GROUP_NAME && g.id !== group.id)
          .map((g) => g.id);
        ids.splice(Math.min(p.sortFlag - 1, ids.length), 0, group.id);
        await this.repo.writeGroupOrder(tx, m.teamId, ids);
      }
    });
  }

  async deleteGroup(userId: string, id: number): Promise<void> {
    const m = await this.member(userId);
    await this.repo.locked(m.teamId, async (tx) => {
      const group = await this.repo.group(tx, m.teamId, id);
      if (!group) throw AppError.fail(ListMsg.groupMissing);
      if (group.name === DEFAULT_GROUP_NAME) throw AppError.fail(ListMsg.groupDefaultLocked);
      await this.repo.deleteGroup(tx, group.id);
    });
  }

  /** The team's latest collection requests (submitCollectionKol) with their state (docs/pipeline.md). */
  async collectionRequests(userId: string): Promise<{ requests: CollectionRequestItem[] }> {
    const m = await this.member(userId);
    const rows = await this.repo.collectionRequests(m.teamId, 20);
    return {
      requests: rows.map((r) => ({
        id: num(r.id),
        kolUid: num(r.mid),
        state: r.state,
        kolId: r.creator_id === null ? null : num(r.creator_id),
        kolName: r.kol_name ?? '',
        requestedBy: r.username,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      })),
    };
  }

  /** upAttention: the team's monitored creators and what changed since this user's last look. */
  async attention(userId: string, repo: AttentionRepository): Promise<AnswerBody<AttentionListAnswer>> {
    const m = await this.member(userId);
    const [rows, lastSeen, monitorCount] = await Promise.all([
      repo.list(m.teamId, m.userId),
      repo.lastSeen(m.userId, m.teamId),
      this.repo.countMonitors(this.repoDb(), m.teamId),
    ]);
    const flags = await this.flagsOf(
      m.teamId,
      rows.map((r) => num(r.id)),
    );
    const attentions: AttentionItem[] = rows.map((r) =>
      Object.assign(
        Object.assign(toKolItem(r), flags.get(num(r.id)) ?? { isCollect: 0, isPut: 0 }, {
          seenAt: r.seen_at ? r.seen_at.toISOString() : null,
          since: r.since.toISOString(),
          fansSince: num(r.fans_since),
          newVideoNum: num(r.new_video_num),
        }),
        toAttentionChanges(r.new_videos, r.fan_events),
        { updateTime: r.last_collected_at ? r.last_collected_at.toISOString() : null },
      ),
    );
    return {
      attentions,
      lastSeenAt: lastSeen ? lastSeen.toISOString() : null,
      monitorCount,
      monitorLimit: listLimit('monitor', m.userType),
    };
  }

  async markSeen(userId: string, repo: AttentionRepository): Promise<void> {
    const m = await this.member(userId);
    await repo.markSeen(m.teamId, m.userId);
  }

  private repoDb() {
    return this.repo.database;
  }
}
