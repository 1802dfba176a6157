import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeliveryProof, OrderRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { proofImageUrl } from '../../courier/proof';
import { formatDateTime, normalizeLocale } from '../../i18n/locales';
import { runQuery } from '../../shell/api';

/**
 * A delivery's proof (docs/decisions/0068-proof-of-delivery.md): who signed, the signature and
 * the photos, each image asked of the server with the session (the order's row access). Erased
 * data reads as erased (its images are gone).
 */
export function DeliveryProofView({ proof, timeZone }: { proof: DeliveryProof; timeZone: string }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const erased = (key: string) => key === '';
  const name = proof.recipientName;
  return (
    <Box data-testid="delivery-proof">
      <Typography variant="subtitle2" component="h3">
        {translate('proof.heading')}
      </Typography>
      <Typography variant="body2" data-testid="proof-recipient">
        {name && proof.signature
          ? translate('proof.signedBy', { name })
          : name
            ? translate('proof.receivedBy', { name })
            : translate('proof.noName')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatDateTime(proof.recordedAt, locale, timeZone)}
      </Typography>
      {proof.signature ? (
        erased(proof.signature.key) ? (
          <Typography variant="body2">{translate('proof.erased')}</Typography>
        ) : (
          <Box
            component="img"
            src={proofImageUrl(proof.signature.key)}
            alt={translate('proof.signatureOf', { name: name ?? '' })}
            data-testid="proof-signature"
            sx={{
              display: 'block',
              width: '100%',
              maxWidth: 320,
              height: 'auto',
              bgcolor: '#fff',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              mt: 0.5,
            }}
          />
        )
      ) : null}
      {proof.photos.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }} flexWrap="wrap" useFlexGap>
          {proof.photos.map((p, i) =>
            erased(p.key) ? (
              <Typography key={i} variant="body2">
                {translate('proof.erased')}
              </Typography>
            ) : (
              <Link key={p.key} href={proofImageUrl(p.key)} target="_blank" rel="noopener">
                <Box
                  component="img"
                  src={proofImageUrl(p.key)}
                  alt={translate('proof.photoNumber', { number: i + 1 })}
                  data-testid="proof-photo"
                  sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
                />
              </Link>
            ),
          )}
        </Stack>
      ) : null}
    </Box>
  );
}

/**
 * The proof of a delivered shipment in its details panel, from its order (asked again at each
 * revision, so a proof sent while the panel is open shows as it lands).
 */
export function ShipmentProof(props: {
  orderId: string;
  revision: number;
  delivered: boolean;
  timeZone: string;
}) {
  const order = useQuery({
    queryKey: ['orders', 'proof', props.orderId, props.revision],
    queryFn: () => runQuery<OrderRow[]>('orders', { ids: [props.orderId] }),
    enabled: props.delivered,
    retry: false,
  });
  const proof = order.data?.[0]?.proof;
  return proof ? <DeliveryProofView proof={proof} timeZone={props.timeZone} /> : null;
}
