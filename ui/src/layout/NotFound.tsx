import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { usePageTitle } from './pageTitle';

/** Spec §2/§6: anything else, and a route the user may not open, shows this page. */
export function NotFound() {
  const translate = useTranslate();
  usePageTitle('notFound');
  return (
    <Card sx={{ m: 4, maxWidth: 600 }} data-testid="not-found">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {translate('notFound.title')}
          </Typography>
          <Typography>{translate('notFound.text')}</Typography>
          <Button component={Link} to="/" variant="contained" sx={{ alignSelf: 'start' }}>
            {translate('notFound.home')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A registered route whose screen a later release builds: reachable by link, not in menus. */
export function NotBuilt({ titleKey = 'notBuilt' }: { titleKey?: string }) {
  const translate = useTranslate();
  usePageTitle(titleKey);
  return (
    <Card sx={{ m: 4, maxWidth: 600 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('pages.notBuilt')}
        </Typography>
        <Typography>{translate('notBuilt.text')}</Typography>
      </CardContent>
    </Card>
  );
}
