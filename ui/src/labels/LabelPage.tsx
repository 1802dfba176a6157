import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderLabelRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { normalizeLocale } from '../i18n/locales';
import { usePageTitle } from '../layout/pageTitle';
import { runQuery } from '../shell/api';
import { LabelSheet } from './LabelSheet';
import { labelStyles } from './printStyles';

/**
 * `/planner/{departmentId}/labels/{orderLabelId}` (spec §2): a label document, one 100 × 150 mm
 * page per package, printed by the browser (docs/decisions/0020-labels.md).
 */
export default function LabelPage() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  usePageTitle('labels');
  const { orderLabelId = '' } = useParams();
  const label = useQuery({
    queryKey: ['labelUrls', orderLabelId],
    queryFn: () => runQuery<OrderLabelRow[]>('labelUrls', { orderLabelId }),
    enabled: /^[1-9]\d{0,17}$/.test(orderLabelId),
  });
  if (label.isLoading)
    return (
      <Box sx={{ p: 2 }}>
        <Typography>{translate('labels.loading')}</Typography>
      </Box>
    );
  const document = label.data?.[0];
  if (!document)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translate('labels.notFound')}</Alert>
      </Box>
    );
  return (
    <Box>
      <style>{labelStyles}</style>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ p: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('labels.title', { smart_count: document.pages.length })}
        </Typography>
        <Button onClick={() => void navigate(-1)}>{translate('labels.back')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('labels.print')}
        </Button>
      </Stack>
      <div className="nl-label-sheets" data-testid="label-sheets">
        {document.pages.map((page) => (
          <LabelSheet key={`${page.orderId}:${page.packageId}`} page={page} locale={locale} />
        ))}
      </div>
    </Box>
  );
}
