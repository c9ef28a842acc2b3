import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, LockOutlined, MinusOutlined } from '@ant-design/icons';
import {
  COMING_SOON,
  FEATURE_KEYS,
  USER_TYPE_LABELS,
  UserType,
  featureBuilt,
  type FeatureKey,
  type FeatureRule,
} from '@xg/shared';
import { useFeaturePolicy } from '../api/get-feature-policy';
import { popupTarget, ruleAllows, ruleOf } from '../gate-rules';
import { useUpgradePopup } from '../hooks/use-upgrade-popup';
import '../gate.css';
import { DataTable } from '../../../components/data-table';

const TIERS = [UserType.FREE, UserType.BASIC, UserType.PRO, UserType.ENTERPRISE, UserType.PREMIUM] as const;

interface Row {
  key: FeatureKey;
  rule: FeatureRule;
  allowed: boolean;
  /** its screen exists (FEATURE_STATUS); otherwise every cell says 即将上线, never included */
  built: boolean;
}

/**
 * The feature comparison per tier (/member): every row of the policy table the server enforces, a column per
 * tier, and the user's own column — 已开通, or a lock that opens the upgrade popup. A feature whose screen
 * is not built yet (FEATURE_STATUS) shows 即将上线 in the tiers that will have it, never a check. Built rows
 * come first.
 */
export function FeatureComparison() {
  const query = useFeaturePolicy();
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  const userType = query.data?.userType ?? null;
  const all: Row[] = FEATURE_KEYS.map((key) => ({
    key,
    rule: ruleOf(query.data, key),
    allowed: query.data?.allowed.includes(key) ?? false,
    built: featureBuilt(key),
  }));
  const rows = [...all.filter((row) => row.built), ...all.filter((row) => !row.built)];

  const columns: TableColumnsType<Row> = [
    {
      key: 'feature',
      title: '功能',
      fixed: 'left',
      width: 150,
      render: (_, row) => (
        <span className="feature-name">
          {row.rule.label}
          {row.built ? null : <Tag className="feature-soon-tag">{COMING_SOON}</Tag>}
        </span>
      ),
    },
    ...TIERS.map((tier) => ({
      key: `tier-${tier}`,
      title: USER_TYPE_LABELS[tier],
      align: 'center' as const,
      width: 96,
      className: tier === userType ? 'feature-col-current' : undefined,
      render: (_: unknown, row: Row) =>
        !ruleAllows(row.rule, tier) ? (
          <MinusOutlined className="feature-no" aria-label="不支持" />
        ) : row.built ? (
          <CheckOutlined className="feature-yes" aria-label="支持" />
        ) : (
          <span className="feature-soon">{COMING_SOON}</span>
        ),
    })),
    {
      key: 'mine',
      title: '我的权限',
      align: 'center',
      width: 120,
      render: (_, row) => {
        if (userType === null) return null;
        if (!row.built) return <span className="feature-soon">{COMING_SOON}</span>;
        if (row.allowed) return <Tag color="success">已开通</Tag>;
        return (
          <Button
            size="small"
            icon={<LockOutlined aria-hidden />}
            aria-label={`升级解锁：${row.rule.label}`}
            onClick={() =>
              openUpgradePopup({
                userType,
                target: popupTarget(userType, row.rule.level),
                message: row.rule.message ?? '',
                label: row.rule.label,
              })
            }
          >
            升级解锁
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <DataTable<Row>
        className="feature-table"
        rowKey="key"
        size="small"
        pagination={false}
        loading={query.isPending}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 760 }}
        aria-label="会员权益对比"
      />
      <Typography.Paragraph type="secondary" className="feature-table-note">
        标注“{COMING_SOON}
        ”的功能正在开发中，上线后按上表所列版本开放，无需另行付费；对比报告与Excel导出上线后另有每月额度。
      </Typography.Paragraph>
      {upgradePopup}
    </>
  );
}
