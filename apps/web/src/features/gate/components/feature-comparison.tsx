import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, LockOutlined, MinusOutlined } from '@ant-design/icons';
import { FEATURE_KEYS, USER_TYPE_LABELS, UserType, type FeatureKey, type FeatureRule } from '@xg/shared';
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
}

/**
 * The feature comparison per tier (/member): every row of the policy table the server enforces, a column per
 * tier, and the user's own column — 已开通, or a lock that opens the upgrade popup.
 */
export function FeatureComparison() {
  const query = useFeaturePolicy();
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  const userType = query.data?.userType ?? null;
  const rows: Row[] = FEATURE_KEYS.map((key) => ({
    key,
    rule: ruleOf(query.data, key),
    allowed: query.data?.allowed.includes(key) ?? false,
  }));

  const columns: TableColumnsType<Row> = [
    {
      key: 'feature',
      title: '功能',
      fixed: 'left',
      width: 150,
      render: (_, row) => <span className="feature-name">{row.rule.label}</span>,
    },
    ...TIERS.map((tier) => ({
      key: `tier-${tier}`,
      title: USER_TYPE_LABELS[tier],
      align: 'center' as const,
      width: 96,
      className: tier === userType ? 'feature-col-current' : undefined,
      render: (_: unknown, row: Row) =>
        ruleAllows(row.rule, tier) ? (
          <CheckOutlined className="feature-yes" aria-label="支持" />
        ) : (
          <MinusOutlined className="feature-no" aria-label="不支持" />
        ),
    })),
    {
      key: 'mine',
      title: '我的权限',
      align: 'center',
      width: 120,
      render: (_, row) => {
        if (userType === null) return null;
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
        对比报告与Excel导出另有每月额度，以页面顶部显示的本月额度为准。
      </Typography.Paragraph>
      {upgradePopup}
    </>
  );
}
