import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  FEATURE_KEYS,
  GATE_DEFAULT_LEVEL,
  MONITOR_DURATIONS,
  isFeatureKey,
  type FeatureKey,
  type FeatureRule,
  type MonitorDuration,
} from '@xg/shared';
import { apiGet } from '../../../lib/api-client';
import {
  DecodeError,
  array,
  count,
  nullable,
  number,
  object,
  string,
  text,
  withDefault,
  type Decoder,
} from '../../../lib/decode';
import { useAccessToken } from '../../../lib/session';

/**
 * GET /api/user/featurePolicy → { policy, userType, allowed, monitorDurations, gateDefaultLevel }: the one
 * table of tier gates the server enforces (shared FEATURE_POLICY), with the caller's verdicts.
 */
export interface FeaturePolicy {
  /** the server's rules by feature; a feature the server did not send falls back to the shared table */
  policy: Partial<Record<FeatureKey, FeatureRule>>;
  userType: number;
  /** features the caller may use now (the server's verdict) */
  allowed: FeatureKey[];
  monitorDurations: MonitorDuration[];
  gateDefaultLevel: number;
}

const ruleDecoder: Decoder<FeatureRule> = (input, path) => {
  const rule = object<{ level: number; label: string; message: string | null }>({
    level: number,
    label: text,
    message: nullable(string),
  })(input, path);
  return {
    level: rule.level,
    label: rule.label,
    ...(rule.message ? { message: rule.message } : {}),
  };
};

/** Known feature keys only: a rule the web does not know yet is ignored, a missing one uses the shared table. */
const policyDecoder: Decoder<Partial<Record<FeatureKey, FeatureRule>>> = (input, path) => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new DecodeError(path, 'object');
  const policy: Partial<Record<FeatureKey, FeatureRule>> = {};
  for (const key of FEATURE_KEYS) {
    const raw: unknown = Reflect.get(input, key);
    if (raw !== undefined && raw !== null) policy[key] = ruleDecoder(raw, `${path}.${key}`);
  }
  return policy;
};

const featureKeysDecoder: Decoder<FeatureKey[]> = (input, path) =>
  array(string)(input, path).filter((key): key is FeatureKey => isFeatureKey(key));

const durationsDecoder: Decoder<MonitorDuration[]> = (input, path) =>
  array(number)(input, path).filter((value): value is MonitorDuration =>
    (MONITOR_DURATIONS as readonly number[]).includes(value),
  );

const answerDecoder: Decoder<FeaturePolicy> = object<FeaturePolicy>({
  policy: policyDecoder,
  userType: count,
  allowed: featureKeysDecoder,
  monitorDurations: durationsDecoder,
  gateDefaultLevel: withDefault(number, GATE_DEFAULT_LEVEL),
});

export function getFeaturePolicy(signal?: AbortSignal): Promise<FeaturePolicy> {
  return apiGet('/api/user/featurePolicy', undefined, answerDecoder, { signal });
}

export function featurePolicyQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['membership', 'featurePolicy', token],
    queryFn: ({ signal }) => getFeaturePolicy(signal),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useFeaturePolicy() {
  const token = useAccessToken();
  return useQuery(featurePolicyQueryOptions(token));
}
