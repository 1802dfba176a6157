import { textIn, type ServiceText } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { runQuery } from '../shell/api';

/**
 * The services' and value-added services' texts of the catalogue (`servicesAndVasesTexts`,
 * docs/decisions/0081-services-and-texts.md) for the booking form: the service picker and the
 * additional services show an administrator's wording in the user's language where there is one.
 * A user who may not read them (or a failed read) gets none: the form shows what it did before.
 */
export function useServiceTexts(): ServiceText[] {
  const answer = useQuery({
    queryKey: ['servicesAndVasesTexts'],
    staleTime: 300_000,
    retry: false,
    queryFn: () => runQuery<ServiceText[]>('servicesAndVasesTexts', {}),
  });
  return answer.data ?? [];
}

/** A service's name: its text in the language (else English), else the article's label. */
export const serviceName = (s: ServiceText, locale: string): string =>
  s.text ? textIn(s.text.texts, locale) : s.label;

/**
 * The service picker's options: the active services (transport articles), the important ones
 * (their mapping's flag, 0081) first and marked by `markImportant`, each part by code, named in
 * the language; the order's own service first kept when it is not one of them (an old code), and
 * a blank for none. Null when the catalogue has no services: the field stays free text.
 */
export function serviceOptions(
  rows: readonly ServiceText[],
  locale: string,
  current: string,
  markImportant: (label: string) => string = (label) => label,
): { value: string; label: string }[] | null {
  const services = rows.filter((r) => r.group === 'SERVICE' && r.active);
  if (services.length === 0) return null;
  const ordered = [...services].sort(
    (a, b) =>
      Number(b.important) - Number(a.important) || a.articleCode.localeCompare(b.articleCode),
  );
  const options = ordered.map((s) => {
    const label = `${serviceName(s, locale)} (${s.articleCode})`;
    return { value: s.articleCode, label: s.important ? markImportant(label) : label };
  });
  const known = current === '' || options.some((o) => o.value === current);
  return [
    { value: '', label: '—' },
    ...(known ? [] : [{ value: current, label: current }]),
    ...options,
  ];
}

/** A value-added service's wording in the language, where a VAS text names its code; else null. */
export function vasText(rows: readonly ServiceText[], vasCode: string, locale: string) {
  const row = rows.find((r) => r.group === 'VAS' && r.key === vasCode && r.text);
  return row?.text ? textIn(row.text.texts, locale) : null;
}
