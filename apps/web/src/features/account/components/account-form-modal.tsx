import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { parsedOrSaid, type Parsed } from '../../../lib/parsed';
import { useApp } from '../../../lib/use-app';

interface AccountFormModalProps<T, P, A extends { message: string }> {
  open: boolean;
  onClose: () => void;
  title: string;
  okText: string;
  width: number;
  form: FormInstance<T>;
  initialValues?: Partial<T>;
  /** the save is under way (the OK button spins) */
  pending: boolean;
  /** the request's parameters from the checked values (trimmed, by the shared schema) */
  parse: (values: T) => Parsed<P>;
  send: (params: P) => Promise<A>;
  /** the toast when the schema refuses without a message of its own */
  refused: string;
  /** the toast after the save when the server's answer has no message */
  saved: string;
  /** after the save, before the dialog closes (refresh the account) */
  onSaved: (answer: A) => void;
  /** after the server refused (the api client has shown its message) */
  onRefused?: () => void;
  children: ReactNode;
}

/**
 * A 个人中心 dialog holding one form (编辑资料, 更换封面, 修改密码, 添加子账号), built on open and dropped on close. OK
 * checks the fields, parses them with the shared schema (its message on a refusal), sends them, says so and closes.
 */
export function AccountFormModal<T, P, A extends { message: string }>(props: AccountFormModalProps<T, P, A>) {
  const { message } = useApp();
  const { form, onClose } = props;
  const handleOk = async (): Promise<void> => {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    const params = parsedOrSaid(props.parse(values), message, props.refused);
    if (!params) return;
    try {
      const answer = await props.send(params);
      props.onSaved(answer);
      void message.success(answer.message || props.saved);
      onClose();
    } catch {
      props.onRefused?.(); // the api client has shown the server's message
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText="取消"
      onOk={() => void handleOk()}
      onCancel={onClose}
      confirmLoading={props.pending}
      destroyOnHidden
      width={props.width}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="account-modal-form"
        initialValues={props.initialValues}
        preserve={false}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
