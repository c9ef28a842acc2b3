import { describe, expect, it } from 'vitest';
import { Msg } from './messages.js';
import { CreatorSearchParams, LoginParams } from './schemas.js';
import { FreeVipApplyParams } from './membership-params.js';
import { ContentSearchParams, KolSearchParams } from './discovery.js';
import { TEXT_MAX_LENGTH, isCleanText, passwordField, requiredText, text } from './validation.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);

describe('the one input rule for text parameters', () => {
  it.each(['a\u0000b', 'a\u0001b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u009fb', 'a\tb', 'a\nb', 'a\rb'])(
    'refuses %j in a single-line field with Msg.textInvalid',
    (value) => {
      expect(isCleanText(value)).toBe(false);
      expect(firstMessage(text().safeParse(value))).toBe(Msg.textInvalid);
      expect(firstMessage(requiredText(Msg.keywordRequired).safeParse(value))).toBe(Msg.textInvalid);
    },
  );

  it('allows tab and line breaks in a multi-line field, and at the ends of a single-line one (trimmed)', () => {
    expect(text(Msg.badRequest, { multiline: true }).safeParse('第一行\n\t第二行\r\n').success).toBe(true);
    expect(text(Msg.badRequest, { multiline: true }).safeParse('a\u0000b').success).toBe(false);
    expect(requiredText(Msg.keywordRequired).parse('  游戏\n')).toBe('游戏');
    expect(isCleanText('中文 emoji 🎮 and ‮?')).toBe(true);
  });

  it('caps the length: the field’s own cap and message, else TEXT_MAX_LENGTH', () => {
    expect(firstMessage(text().safeParse('x'.repeat(TEXT_MAX_LENGTH + 1)))).toBe(Msg.textTooLong);
    expect(text().safeParse('x'.repeat(TEXT_MAX_LENGTH)).success).toBe(true);
    expect(firstMessage(passwordField.safeParse('p'.repeat(129)))).toBe(Msg.passwordTooLong);
    expect(firstMessage(text(Msg.badRequest, { max: 3, tooLong: '太长' }).safeParse('abcd'))).toBe('太长');
  });

  it('keeps the required message for a missing value and the type message for a non-string', () => {
    expect(firstMessage(requiredText(Msg.keywordRequired).safeParse(undefined))).toBe(Msg.keywordRequired);
    expect(firstMessage(requiredText(Msg.keywordRequired).safeParse(['a', 'b']))).toBe(Msg.keywordRequired);
    expect(firstMessage(requiredText(Msg.keywordRequired).safeParse('   '))).toBe(Msg.keywordRequired);
  });

  it('applies to the call schemas: keywords (also double-encoded), sign-in, forms', () => {
    expect(firstMessage(CreatorSearchParams.safeParse({ keyword: 'a\u0000b' }))).toBe(Msg.textInvalid);
    expect(firstMessage(CreatorSearchParams.safeParse({ keyword: 'a%00b' }))).toBe(Msg.textInvalid);
    expect(firstMessage(KolSearchParams.safeParse({ keyword: 'a%00b' }))).toBe(Msg.textInvalid);
    expect(firstMessage(ContentSearchParams.safeParse({ keyword: 'a\u0000' }))).toBe(Msg.textInvalid);
    expect(firstMessage(LoginParams.safeParse({ loginname: 'a@b.cn', loginpwd: 'x\u0000y' }))).toBe(Msg.textInvalid);
    const form = { company: '公司', contactName: '张三', phone: '13800138000', position: '经理' };
    expect(FreeVipApplyParams.safeParse({ ...form, needs: '需求一\n需求二' }).success).toBe(true);
    expect(firstMessage(FreeVipApplyParams.safeParse({ ...form, company: '公\u0000司' }))).toBe(Msg.textInvalid);
  });
});
