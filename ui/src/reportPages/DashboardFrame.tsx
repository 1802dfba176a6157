import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'react-admin';

/**
 * An external dashboard in a frame (spec §2 "embedded report pages"; config
 * MONITORING_DASHBOARD_URL, ANALYTICS_DASHBOARD_URL; docs/decisions/0084), with a link that opens
 * it on its own. The gateway's content security policy allows framing exactly these origins; the
 * dashboard must allow being framed (Grafana: `allow_embedding`). No referrer leaves for it.
 */
export function DashboardFrame(props: { url: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: 'calc(100vh - 150px)' }}>
      <Link
        href={props.url}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-end' }}
      >
        {translate('reportPages.external')}
        <OpenInNewIcon fontSize="small" />
      </Link>
      <Box
        component="iframe"
        src={props.url}
        title={translate('reportPages.frameTitle')}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        sx={{ flex: 1, minHeight: 400, width: '100%', border: 0 }}
      />
    </Box>
  );
}
