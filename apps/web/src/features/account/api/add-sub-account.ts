import { useMutation } from '@tanstack/react-query';
import type { SubAccountAddParams, SubAccountItem } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { number, object, text, type Decoder } from '../../../lib/decode';
import { subAccountItemDecoder } from './get-sub-accounts';

interface AddAnswer {
  code: number;
  message: string;
  subAccount: SubAccountItem;
}
const addDecoder: Decoder<AddAnswer> = object<AddAnswer>({
  code: number,
  message: text,
  subAccount: subAccountItemDecoder,
});

/** POST /api/user/subAccount/add {account (phone or e-mail), password, name} → { subAccount }, 添加成功. */
export function addSubAccount(params: SubAccountAddParams): Promise<AddAnswer> {
  return apiPost(
    '/api/user/subAccount/add',
    { account: params.account, password: params.password, name: params.name },
    addDecoder,
  );
}

export function useAddSubAccountMutation() {
  return useMutation({ mutationKey: ['account', 'sub-accounts', 'add'], mutationFn: addSubAccount });
}
