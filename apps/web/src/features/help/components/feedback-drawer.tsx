import { Button, Drawer, Empty, Form, Input, List, Skeleton, Tag } from 'antd';
import { ContentMsg, FEEDBACK_MAX, type FeedbackParams } from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { errorText } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { useAccessToken } from '../../../lib/session';
import { useApp } from '../../../lib/use-app';
import { useMyFeedback, useSendFeedback } from '../api/feedback';

interface FeedbackForm {
  content?: string;
  content2?: string;
  contact?: string;
}

const CONTACT_PATTERN = /^(1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/** The feedback form (§2.6, §3, §5) and, signed in, the user's feedback with the operators' replies. */
export function FeedbackDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useApp();
  const token = useAccessToken();
  const [form] = Form.useForm<FeedbackForm>();
  const send = useSendFeedback();
  const mine = useMyFeedback(open && token !== null);

  const submit = (values: FeedbackForm) => {
    const params: FeedbackParams = {
      content: (values.content ?? '').trim(),
      content2: (values.content2 ?? '').trim(),
      contact: (values.contact ?? '').trim(),
    };
    if (!params.content && !params.content2) {
      void message.warning(ContentMsg.feedbackEmpty);
      return;
    }
    send.mutate(params, {
      onSuccess: (answer) => {
        void message.success(answer.message);
        form.resetFields();
      },
      onError: (error) => void message.error(errorText(error)),
    });
  };

  return (
    <Drawer open={open} onClose={onClose} title="意见反馈" size={480} className="feedback-drawer">
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="content" label="1. 您在使用中遇到了什么问题？">
          <Input.TextArea rows={3} maxLength={FEEDBACK_MAX} showCount />
        </Form.Item>
        <Form.Item name="content2" label="2. 您希望我们增加或改进哪些功能？">
          <Input.TextArea rows={3} maxLength={FEEDBACK_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="contact"
          label="3. 联系方式（选填）"
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || CONTACT_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(ContentMsg.feedbackContactInvalid)),
            },
          ]}
        >
          <Input maxLength={100} placeholder="手机号或邮箱，方便我们回复您" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={send.isPending}>
          提交
        </Button>
      </Form>
      {token ? (
        <section className="feedback-mine">
          <h3>我的反馈</h3>
          {mine.isPending ? (
            <Skeleton active />
          ) : mine.isError ? (
            <QueryFailed title="反馈加载失败" error={mine.error} onRetry={() => void mine.refetch()} />
          ) : mine.data.length === 0 ? (
            <Empty description="暂无反馈" />
          ) : (
            <List
              dataSource={mine.data}
              renderItem={(item) => (
                <List.Item className="feedback-item">
                  <div>
                    <div className="feedback-item-head">
                      {dayjs(item.createdAt).format('YYYY-MM-DD HH:mm')}{' '}
                      {item.reply ? <Tag color="green">已回复</Tag> : <Tag>待回复</Tag>}
                    </div>
                    {item.content ? <p>问题：{item.content}</p> : null}
                    {item.content2 ? <p>建议：{item.content2}</p> : null}
                    {item.reply ? <p className="feedback-reply">客服回复：{item.reply}</p> : null}
                  </div>
                </List.Item>
              )}
            />
          )}
        </section>
      ) : null}
    </Drawer>
  );
}
