import { describe, expect, it } from 'vitest';
import { DAY_MS, dayStartMs } from './days.js';
import { materialWorld, songHeat, videoMaterial } from './materials.js';

describe('activities and background music of the demo world', () => {
  const today = '2026-11-21';
  const world = materialWorld(7, today);

  it('is the same for the same seed and day, with distinct ids', () => {
    const again = materialWorld(7, today);
    expect(again.activities.map((a) => a.id)).toEqual(world.activities.map((a) => a.id));
    expect(new Set(world.activities.map((a) => a.id)).size).toBe(world.activities.length);
    expect(new Set(world.songs.map((s) => s.musicId)).size).toBe(world.songs.length);
    for (const s of world.songs) {
      expect(s.musicId).toMatch(/^MA\d{18}$/);
      expect(s.tagName).toBe(`发现《${s.name}》`);
    }
  });

  it('keeps some activities running at the load day', () => {
    const now = dayStartMs(today);
    expect(world.activities.filter((a) => a.startMs <= now && now <= a.endMs).length).toBeGreaterThanOrEqual(3);
  });

  it('gives an activity only to activity videos, inside its dates and partitions', () => {
    let missions = 0;
    let songs = 0;
    for (let aid = 1; aid <= 4000; aid++) {
      const pubMs = dayStartMs(today) - (aid % 170) * DAY_MS;
      const topTid = aid % 2 === 0 ? 160 : 4;
      const m = videoMaterial(world, 7, { aid, pubMs, topTid, isActivity: aid % 10 === 0 });
      expect(videoMaterial(world, 7, { aid, pubMs, topTid, isActivity: aid % 10 === 0 })).toEqual(m);
      if (m.missionId !== null) {
        missions += 1;
        expect(aid % 10).toBe(0);
        const a = world.activities.find((x) => x.id === m.missionId);
        expect(a && a.startMs <= pubMs && pubMs <= a.endMs).toBe(true);
        expect(a && (a.tops.length === 0 || a.tops.includes(topTid))).toBe(true);
      }
      if (m.song) {
        songs += 1;
        expect(songHeat(m.song, pubMs)).toBeGreaterThan(0);
      }
    }
    expect(missions).toBe(400);
    // 生活 (160) uses background music more often than 游戏 (4): about (0.45 + 0.2) / 2 of the videos
    expect(songs / 4000).toBeGreaterThan(0.25);
    expect(songs / 4000).toBeLessThan(0.4);
  });

  it('a song is not used before it launches and rises after', () => {
    const song = world.songs[1];
    if (!song) throw new Error('no song');
    expect(songHeat(song, song.launchMs - DAY_MS)).toBe(0);
    expect(songHeat(song, song.launchMs + 14 * DAY_MS)).toBeGreaterThan(songHeat(song, song.launchMs + DAY_MS));
  });
});
