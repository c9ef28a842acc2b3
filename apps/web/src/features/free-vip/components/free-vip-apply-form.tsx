import { Button, Form, Input } from 'antd';
import { FreeVipApplyParams, PHONE_PATTERN } from '@xg/shared';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { useApplyFreeVipMutation, type FreeVipApplied } from '../api/apply-free-vip';

interface FreeVipApplyFormValues {
  company: string;
  contactName: string;
  phone: string;
  position: string;
  needs?: string;
}

interface FreeVipApplyFormProps {
  /** prefilled from the account */
  phone?: string | null;
  onApplied: (answer: FreeVipApplied) => void;
  onBack: () => void;
}

const NEEDS_MAX = 500;

/** The application form of the free enterprise-tier promotion (company, contact, phone, position, needs). */
export function FreeVipApplyForm({ phone, onApplied, onBack }: FreeVipApplyFormProps) {
  const [form] = Form.useForm<FreeVipApplyFormValues>();
  const mutation = useApplyFreeVipMutation();
  const shape = FreeVipApplyParams.shape;

  const handleFinish = async (values: FreeVipApplyFormValues): Promise<void> => {
    const parsed = FreeVipApplyParams.safeParse({
      company: trimmed(values.company),
      contactName: trimmed(values.contactName),
      phone: trimmed(values.phone),
      position: trimmed(values.position),
      needs: trimmed(values.needs) || undefined,
    });
    if (!parsed.success) return; // the field rules already show the messages
    try {
      onApplied(await mutation.mutateAsync(parsed.data));
    } catch {
      // the api client has shown the refusal (already applied, sub-account…); the form stays for a retry
    }
  };

  return (
    <Form<FreeVipApplyFormValues>
      form={form}
      layout="vertical"
      requiredMark
      // The account's phone arrives masked (157****7402) for display; only a full number is prefilled.
      initialValues={{ phone: phone && PHONE_PATTERN.test(phone) ? phone : '' }}
      onFinish={(values) => void handleFinish(values)}
      className="free-vip-form"
      aria-label="企业版会员申请表"
    >
      <Form.Item name="company" label="公司名称" rules={[schemaRule(shape.company)]} required>
        <Input placeholder="请输入公司全称" maxLength={100} autoComplete="organization" />
      </Form.Item>
      <div className="free-vip-form-row">
        <Form.Item name="contactName" label="联系人" rules={[schemaRule(shape.contactName)]} required>
          <Input placeholder="请输入联系人姓名" maxLength={50} autoComplete="name" />
        </Form.Item>
        <Form.Item name="position" label="职位" rules={[schemaRule(shape.position)]} required>
          <Input placeholder="如：市场经理" maxLength={50} autoComplete="organization-title" />
        </Form.Item>
      </div>
      <Form.Item name="phone" label="手机号" rules={[schemaRule(shape.phone)]} required>
        <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="needs" label="需求说明（选填）" rules={[schemaRule(shape.needs)]} className="free-vip-needs">
        <Input.TextArea
          placeholder="简单介绍您的业务与想解决的问题，便于我们更好地服务您"
          maxLength={NEEDS_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
      <div className="free-vip-form-actions">
        <Button onClick={onBack}>返回</Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          提交申请
        </Button>
      </div>
    </Form>
  );
}
