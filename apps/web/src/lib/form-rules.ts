import type { FormRule } from 'antd';

/** The part of a zod schema a form rule needs (the schemas come from @xg/shared). */
interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** An antd Form rule that validates a field with a shared schema and shows the schema's (spec's) message. */
export function schemaRule(schema: SafeParser): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      return result.success
        ? Promise.resolve()
        : Promise.reject(new Error(result.error.issues[0]?.message ?? '输入有误'));
    },
  };
}

/** §5: inputs are trimmed before they are sent. */
export function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
