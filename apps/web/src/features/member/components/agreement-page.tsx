import { Card, Skeleton, Typography } from 'antd';
import { FREE_VIP_TRIAL_DAYS, LEVEL_OPTIONS, USER_TYPE_LABELS, UserType, WECHAT_PAY_LIMIT_YUAN } from '@xg/shared';
import { useSiteConfig } from '../../../lib/site-config';
import '../member.css';

const { Title, Paragraph } = Typography;

/** Paid levels, in order: 初级版、专业版、企业版、高级企业版 */
const LEVEL_NAMES = LEVEL_OPTIONS.map((option) => option.label).join('、');

/**
 * /agreement: the membership service agreement. The operator's name and contact lines come from the site
 * configuration, so the text names whoever runs the deployment.
 */
export function AgreementPage() {
  const { data: site, isPending } = useSiteConfig();
  if (isPending) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  const product = site?.productName || '本产品';
  const company = site?.companyName || '本产品运营方';
  const trialTier = USER_TYPE_LABELS[UserType.ENTERPRISE] ?? '';
  return (
    <Card variant="borderless" className="agreement">
      <article className="agreement-body">
        <Title level={2} className="agreement-title">
          {product}会员服务协议
        </Title>
        <Paragraph type="secondary" className="agreement-lead">
          欢迎您使用{product}会员服务。本协议是您与{company}（以下简称“我们”）之间就{product}
          会员服务（以下简称“会员服务”）的开通、使用、付费等事项订立的协议。请您在开通会员前仔细阅读本协议，
          特别是以加粗形式提示的付费与退款、免责等条款。您点击“立即开通”并完成支付，即表示您已阅读、理解并同意本协议的全部内容。
        </Paragraph>

        <Title level={4}>一、服务内容</Title>
        <Paragraph>
          1.1 {product}是面向品牌方、广告代理、MCN机构及UP主的视频平台创作者数据分析服务，提供UP主搜索、排行榜、
          粉丝与播放趋势、UP主对比报告、投放记录与监测、舆情分析、数据导出等功能。
        </Paragraph>
        <Paragraph>
          1.2
          会员服务是我们在免费版基础上向付费用户提供的增值服务。各版本可使用的具体功能、监测周期以及每月的对比报告与导出额度，
          以“续费升级”页面的会员权益对比及您账号页面的实时显示为准。
        </Paragraph>
        <Paragraph>
          1.3
          我们会持续改进产品，可能对功能进行新增、调整或优化；如调整对会员的主要权益产生不利影响，我们将提前通过站内公告等方式告知。
        </Paragraph>

        <Title level={4}>二、会员权益</Title>
        <Paragraph>
          2.1 会员版本分为{LEVEL_NAMES}
          ，按所购版本及时长享有对应权益，会员有效期自支付成功之时起计算，到期时间以账号显示为准。
        </Paragraph>
        <Paragraph>
          2.2
          续费相同版本的，有效期在原到期时间基础上顺延；升级至更高版本的，新版本自支付成功时立即生效，原版本未使用的时长按剩余天数（不足一天按一天计）折算为金额，
          再按所购新版本套餐的日均价格折算为新版本时长（不足一天按一天计），与所购时长一并生效，支付前页面显示折算后的到期时间。不支持由高版本降级为低版本，如有特殊需要请联系客服。
        </Paragraph>
        <Paragraph>
          2.3 每月额度（如对比报告次数、Excel导出条数）按自然月（北京时间）计算，当月未使用的额度不累积至下月。
        </Paragraph>
        <Paragraph>
          2.4 通过限时活动申请的{trialTier}试用（{FREE_VIP_TRIAL_DAYS}
          天）为免费体验，试用期满自动恢复为免费版；试用期间购买任一版本， 按所购版本及时长生效。
        </Paragraph>
        <Paragraph>
          2.5 子账号共享其主账号的会员版本与每月额度，不能单独购买或续费；如需单独开通，请先解除与主账号的绑定。
        </Paragraph>
        <Paragraph>
          2.6 会员到期后账号恢复为免费版，您已保存的收藏、分组、投放记录等数据不会因此删除，续费后即可继续使用会员功能。
        </Paragraph>

        <Title level={4}>三、付费与退款</Title>
        <Paragraph>
          3.1 会员服务价格以购买页面展示的价格为准，年付套餐享受优惠价格。您可以通过支付宝或微信支付扫码付款；
          微信支付单笔金额不超过{WECHAT_PAY_LIMIT_YUAN}
          元，超出部分请使用支付宝。企业用户可联系客服办理对公转账并开具发票。
        </Paragraph>
        <Paragraph strong>
          3.2
          会员服务属于虚拟商品，支付成功后即开通相应权益，一经售出不支持退款，也不支持转让或折现。请您在支付前确认所选版本与时长。
        </Paragraph>
        <Paragraph>
          3.3
          如因系统故障导致重复扣款或扣款后会员未开通，请保留支付凭证并联系客服，我们核实后将为您补开会员或原路退回多扣款项。
        </Paragraph>

        <Title level={4}>四、账号使用</Title>
        <Paragraph>
          4.1 会员权益仅限开通账号本人（或主账号及其子账号）使用。同一账号在其他设备登录时，原设备的登录状态将自动退出。
        </Paragraph>
        <Paragraph>
          4.2
          您不得出租、出借、转售账号或会员权益，不得利用技术手段批量抓取、复制数据，不得将导出数据用于转售或其他违法违规用途。
          发现上述行为的，我们有权限制相关功能、暂停或终止会员服务且不予退款。
        </Paragraph>
        <Paragraph>4.3 请妥善保管账号与密码，因您自身原因导致账号被他人使用所产生的后果由您自行承担。</Paragraph>

        <Title level={4}>五、数据说明</Title>
        <Paragraph>
          5.1 平台数据来源于视频平台公开信息，经采集、整理与统计分析后提供；粉丝、播放等数据存在一定的更新延迟，
          新收录的UP主或作品需要一定时间完成数据采集。
        </Paragraph>
        <Paragraph>
          5.2
          指数、画像、商业价值评估等为基于公开数据的统计或估算结果，仅供营销决策参考，不构成对任何UP主合作效果或商业收益的承诺。
        </Paragraph>
        <Paragraph>
          5.3 您上传或录入的私有达人库、投放记录等数据归您所有，我们仅为向您提供服务而处理，不会向第三方出售。
        </Paragraph>

        <Title level={4}>六、免责声明</Title>
        <Paragraph strong>
          6.1
          因不可抗力、网络运营商故障、视频平台接口或规则变化等非我们所能控制的原因，导致服务中断或数据暂时不可用的，我们将尽力恢复，
          但不承担由此产生的间接损失。
        </Paragraph>
        <Paragraph>
          6.2
          我们会对系统进行必要的维护升级，维护期间服务可能短暂不可用，我们将尽量提前通知并选择对您影响较小的时段进行。
        </Paragraph>

        <Title level={4}>七、协议的变更与终止</Title>
        <Paragraph>
          我们可能根据法律法规或业务调整修改本协议，修改后的协议将在页面公布；您在协议修改后继续使用会员服务的，视为接受修改后的协议。
          会员到期且未续费的，会员服务自动终止，本协议中关于数据与免责的条款继续有效。
        </Paragraph>

        <Title level={4}>八、联系方式</Title>
        <Paragraph>如您对本协议或会员服务有任何疑问，请通过以下方式联系我们：</Paragraph>
        <ul className="agreement-contact">
          <li>运营方：{company}</li>
          {site?.companyAddress ? <li>地址：{site.companyAddress}</li> : null}
          {site?.companyPhone ? <li>客服电话：{site.companyPhone}（微信同号）</li> : null}
          {site?.companyEmail ? <li>电子邮箱：{site.companyEmail}</li> : null}
        </ul>
      </article>
    </Card>
  );
}
