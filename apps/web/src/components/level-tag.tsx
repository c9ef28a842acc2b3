import { Tag } from 'antd';

const LEVEL_COLORS: Readonly<Record<number, string>> = {
  1: 'default',
  2: 'green',
  3: 'cyan',
  4: 'gold',
  5: 'orange',
  6: 'red',
};

/** Platform level Lv1–Lv6 (§3); "-" when the platform did not send it (never shown as Lv1). */
export function LevelTag({ level }: { level: number | null }) {
  if (level === null) {
    return (
      <Tag title="平台未提供等级" aria-label="等级未知" style={{ marginInlineEnd: 0 }}>
        -
      </Tag>
    );
  }
  if (!Number.isInteger(level) || level < 1 || level > 6) return null;
  return (
    <Tag
      color={LEVEL_COLORS[level] ?? 'default'}
      aria-label={`等级 Lv${level}`}
      style={{ marginInlineEnd: 0, fontWeight: 600 }}
    >
      Lv{level}
    </Tag>
  );
}
