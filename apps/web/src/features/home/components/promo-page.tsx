import { useEffect } from 'react';
import { Button, Form, Input } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { contactField, ContentMsg, FEEDBACK_MAX } from '@xg/shared';
import { errorText } from '../../../lib/api-client';
import { schemaRule } from '../../../lib/form-rules';
import { useApp } from '../../../lib/use-app';
import { useLandingContent } from '../api/get-landing-content';
import { saveRequirementClick } from '../api/save-requirement-click';
import { useSendLead } from '../api/send-lead';
import '../promo.css';

export type PromoKind = 'marketDataCus' | 'customPage';

/** What each service includes (the page's title and introduction come from the console). */
const SERVICES: Record<PromoKind, { fallbackTitle: string; items: string[] }> = {
  marketDataCus: {
    fallbackTitle: '营销数据服务',
    items: ['行业投放复盘报告', '竞品UP主投放监测', '品牌声量与舆情分析', '定制数据导出与接口'],
  },
  customPage: {
    fallbackTitle: '视频推广账号涨粉',
    items: ['账号选题与内容诊断', '同类UP主对标分析', '投放组合与预算建议', '涨粉效果周报'],
  },
};

interface LeadForm {
  needs: string;
  company: string;
  contact: string;
}

/**
 * /marketDataCus and /customPage (§2.1): a value-added service with its introduction and a request form.
 * Entering sends the click record (saveRequirementClick); a request reaches the operators' feedback inbox.
 */
export function PromoPage({ kind }: { kind: PromoKind }) {
  const { message } = useApp();
  const content = useLandingContent();
  const send = useSendLead();
  const [form] = Form.useForm<LeadForm>();
  const texts = content.data?.landing[kind];
  const title = texts?.title || SERVICES[kind].fallbackTitle;

  useEffect(() => saveRequirementClick(`/${kind}`), [kind]);

  const submit = (values: LeadForm) => {
    send.mutate(
      { service: title, needs: values.needs.trim(), company: (values.company ?? '').trim(), contact: values.contact },
      {
        onSuccess: () => {
          void message.success('提交成功，顾问将尽快与您联系');
          form.resetFields();
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <div className="promo">
      <section className="page-hero">
        <h1>{title}</h1>
        <p>{texts?.intro ?? (content.isPending ? '' : '留下联系方式，顾问将尽快与您联系。')}</p>
      </section>
      <div className="promo-body promo-columns">
        <section className="promo-card">
          <h2>服务内容</h2>
          <ul className="promo-items">
            {SERVICES[kind].items.map((item) => (
              <li key={item}>
                <CheckCircleFilled aria-hidden /> {item}
              </li>
            ))}
          </ul>
        </section>
        <section className="promo-card">
          <h2>提交需求</h2>
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              name="needs"
              label="您的需求"
              rules={[{ required: true, whitespace: true, message: ContentMsg.feedbackEmpty }]}
            >
              <Input.TextArea rows={4} maxLength={FEEDBACK_MAX - 20} showCount placeholder="请简要描述您的需求" />
            </Form.Item>
            <Form.Item name="company" label="公司 / 账号名称">
              <Input maxLength={100} placeholder="选填" />
            </Form.Item>
            <Form.Item name="contact" label="手机号或邮箱" rules={[schemaRule(contactField)]}>
              <Input maxLength={100} placeholder="请输入手机号或邮箱" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={send.isPending}>
              提交
            </Button>
          </Form>
        </section>
      </div>
    </div>
  );
}
