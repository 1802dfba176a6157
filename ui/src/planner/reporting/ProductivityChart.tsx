import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ProductivityRow } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';

/**
 * The report's one chart (docs/decisions/0080): per group, the deliveries on time and late stacked,
 * so a late courier or day stands out. MUI X Charts draws it with the app's theme; it is in the
 * report screens' chunk only.
 */
export function ProductivityChart(props: {
  rows: ProductivityRow[];
  name: (r: ProductivityRow) => string;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const title = translate('reporting.chart');
  return (
    <Box component="figure" aria-label={title} sx={{ m: 0, mb: 2 }}>
      <Typography component="figcaption" variant="subtitle2">
        {title}
      </Typography>
      <BarChart
        height={260}
        xAxis={[{ scaleType: 'band', data: props.rows.map(props.name) }]}
        // Consignments are counted whole.
        yAxis={[{ tickMinStep: 1 }]}
        series={[
          {
            data: props.rows.map((r) => r.onTime),
            label: translate('reporting.onTime'),
            stack: 'delivered',
            color: theme.palette.success.main,
          },
          {
            data: props.rows.map((r) => r.late),
            label: translate('reporting.late'),
            stack: 'delivered',
            color: theme.palette.error.main,
          },
        ]}
      />
    </Box>
  );
}
