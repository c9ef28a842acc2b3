import { Layout, Skeleton, Tabs } from 'antd';
import { QueryFailed } from '../../../components/query-failed';
import { isApiError } from '../../../lib/api-client';
import { useConsoleMe, type ConsoleMe } from '../api/console-api';
import { AnalyticsScreen } from './analytics-screen';
import { AuditScreen } from './audit-screen';
import { FeedbackScreen } from './feedback-screen';
import { FreeVipScreen } from './free-vip-screen';
import { HelpScreen } from './help-screen';
import { MenusScreen } from './menus-screen';
import { NewsScreen } from './news-screen';
import { OrdersScreen } from './orders-screen';
import { PasswordStep } from './password-step';
import { PipelineScreen } from './pipeline-screen';
import { PopupsScreen } from './popups-screen';
import { PricesScreen } from './prices-screen';
import { QuotasScreen } from './quotas-screen';
import { SettingsScreen } from './settings-screen';
import { TotpStep } from './totp-step';
import { BrandConsoleScreen } from '../../brand/components/brand-console-screen';
import { TutorialsScreen } from './tutorials-screen';
import { UsersScreen } from './users-screen';
import '../console.css';

type Role = ConsoleMe['role'];
/** The screens and the roles that see them (the server checks the same roles on every call). */
const SCREENS: { key: string; label: string; roles: Role[]; render: () => React.ReactNode }[] = [
  { key: 'news', label: '内容报告', roles: ['content', 'admin'], render: () => <NewsScreen /> },
  { key: 'help', label: '帮助中心', roles: ['content', 'admin'], render: () => <HelpScreen /> },
  { key: 'tutorials', label: '教程视频', roles: ['content', 'admin'], render: () => <TutorialsScreen /> },
  { key: 'popups', label: '弹窗公告', roles: ['content', 'admin'], render: () => <PopupsScreen /> },
  { key: 'brands', label: '品牌词库', roles: ['content', 'admin'], render: () => <BrandConsoleScreen /> },
  { key: 'menus', label: '菜单', roles: ['content', 'admin'], render: () => <MenusScreen /> },
  { key: 'settings', label: '站点与品牌', roles: ['content', 'admin'], render: () => <SettingsScreen /> },
  { key: 'users', label: '用户', roles: ['service', 'admin'], render: () => <UsersScreen /> },
  { key: 'freeVip', label: '企业版申请', roles: ['service', 'admin'], render: () => <FreeVipScreen /> },
  { key: 'feedback', label: '反馈', roles: ['service', 'admin'], render: () => <FeedbackScreen /> },
  { key: 'pipeline', label: '采集管道', roles: ['service', 'admin'], render: () => <PipelineScreen /> },
  { key: 'orders', label: '订单与转账', roles: ['finance', 'admin'], render: () => <OrdersScreen /> },
  { key: 'prices', label: '价格表', roles: ['finance', 'admin'], render: () => <PricesScreen /> },
  { key: 'quotas', label: '会员额度', roles: ['admin'], render: () => <QuotasScreen /> },
  { key: 'analytics', label: '使用统计', roles: ['content', 'finance', 'admin'], render: () => <AnalyticsScreen /> },
  { key: 'audit', label: '审计日志', roles: ['admin'], render: () => <AuditScreen /> },
];

/** /console: the operator console (operators only; TOTP per session; screens by role). */
export function ConsolePage() {
  const me = useConsoleMe();
  let body: React.ReactNode;
  if (me.isPending) body = <Skeleton active />;
  else if (me.isError)
    body =
      isApiError(me.error) && me.error.code === 403 ? (
        <div className="console-denied">仅运营人员可访问运营后台</div>
      ) : (
        <QueryFailed title="运营后台加载失败" error={me.error} onRetry={() => void me.refetch()} />
      );
  else if (!me.data.verified) body = <TotpStep me={me.data} />;
  else if (!me.data.strongPassword) body = <PasswordStep />;
  else
    body = (
      <Tabs
        items={SCREENS.filter((s) => s.roles.includes(me.data.role)).map((s) => ({
          key: s.key,
          label: s.label,
          children: s.render(),
        }))}
        destroyOnHidden
      />
    );
  return (
    <Layout className="console-layout">
      <Layout.Header className="console-header">
        <span>运营后台</span>
        {me.data ? <span className="console-role">{me.data.roleLabel}</span> : null}
      </Layout.Header>
      <Layout.Content className="console-content">{body}</Layout.Content>
    </Layout>
  );
}
