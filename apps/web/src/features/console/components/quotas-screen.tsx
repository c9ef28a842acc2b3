import { useState } from 'react';
import { Button, InputNumber, Space, Table } from 'antd';
import { QUOTA_LABELS, userTypeLabel } from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import { useApp } from '../../../lib/use-app';
import { useConsoleAction, useConsoleGet } from '../api/console-api';

type Kind = keyof typeof QUOTA_LABELS;
interface QuotaRule {
  kind: Kind;
  userType: number;
  monthlyTotal: number;
}
const KINDS = Object.keys(QUOTA_LABELS) as Kind[];
const TIERS = [0, 1, 2, 3, 4];

/** One tier's quota of one kind: a whole number within the kind's bound, saved on its own (audited). */
function QuotaCell({ kind, userType, value, max }: { kind: Kind; userType: number; value: number; max: number }) {
  const { message } = useApp();
  const save = useConsoleAction('/api/console/quotas/save');
  const [draft, setDraft] = useState<number | null>(value);
  const label = `${userTypeLabel(userType)} ${QUOTA_LABELS[kind]}`;
  return (
    <Space.Compact>
      <InputNumber
        aria-label={label}
        min={0}
        max={max}
        precision={0}
        value={draft}
        onChange={(v) => setDraft(v)}
        style={{ width: 120 }}
      />
      <Button
        disabled={draft === value || draft === null}
        loading={save.isPending}
        aria-label={`保存${label}`}
        onClick={() =>
          save.mutate(
            { kind, userType, monthlyTotal: draft ?? '' },
            { onSuccess: (a) => void message.success(a.message), onError: (e) => void message.error(errorText(e)) },
          )
        }
      >
        保存
      </Button>
    </Space.Compact>
  );
}

/** 会员额度 (admin): each tier's monthly quotas; a change applies to the next check (quota_rules, no cache). */
export function QuotasScreen() {
  const data = useConsoleGet<{ list: QuotaRule[]; max: Record<Kind, number> }>('/api/console/quotas');
  if (data.isError) return <QueryFailed title="额度加载失败" error={data.error} onRetry={() => void data.refetch()} />;
  const value = (kind: Kind, userType: number) =>
    data.data?.list.find((r) => r.kind === kind && r.userType === userType)?.monthlyTotal ?? 0;
  return (
    <>
      <p className="console-hint">
        每月额度按团队（子账号计入主账号）和自然月计算；修改后下一次使用即按新额度检查，本月已用量不变。
      </p>
      <Table<{ userType: number }>
        rowKey="userType"
        loading={data.isPending}
        dataSource={TIERS.map((userType) => ({ userType }))}
        pagination={false}
        scroll={{ x: 560 }}
        columns={[
          { title: '会员等级', key: 'tier', width: 120, render: (_, r) => userTypeLabel(r.userType) },
          ...KINDS.map((kind) => ({
            title: QUOTA_LABELS[kind],
            key: kind,
            render: (_: unknown, r: { userType: number }) =>
              data.data ? (
                <QuotaCell
                  key={`${kind}-${r.userType}-${value(kind, r.userType)}`}
                  kind={kind}
                  userType={r.userType}
                  value={value(kind, r.userType)}
                  max={data.data.max[kind]}
                />
              ) : null,
          })),
        ]}
      />
    </>
  );
}
