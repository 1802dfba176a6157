import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** Spec §2: page titles are the site name plus a per-page key. */
export function usePageTitle(key: string): void {
  const translate = useTranslate();
  useEffect(() => {
    document.title = `${translate('app.siteName')} - ${translate(`pages.${key}`)}`;
  }, [translate, key]);
}
