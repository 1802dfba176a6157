import CampaignIcon from '@mui/icons-material/Campaign';
import CloseIcon from '@mui/icons-material/Close';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { formatDateTime, normalizeLocale } from '../i18n/locales';
import {
  READ_NEWS_KEY,
  cmsText,
  storeVersions,
  storedVersions,
  unreadNews,
  versionOf,
} from './content';
import { usePublished } from './usePublished';

/**
 * The news published to the user's role: a button in the top bar with the number not read yet,
 * opening a drawer with every item, newest first. Opening it marks them read (kept in this
 * browser). Nothing shows while there is no news.
 */
export function NewsButton() {
  const translate = useTranslate();
  const locale = useLocale();
  const news = usePublished('publishedNews');
  const [open, setOpen] = useState(false);
  const [read, setRead] = useState(() => storedVersions(window.localStorage, READ_NEWS_KEY));
  const items = news.data ?? [];
  if (items.length === 0) return null;
  const unread = unreadNews(items, read).length;
  const label =
    unread > 0
      ? `${translate('cms.news.open')}: ${translate('cms.news.unread', { smart_count: unread })}`
      : translate('cms.news.open');
  const show = () => {
    const next = new Set([...read, ...items.map(versionOf)]);
    storeVersions(window.localStorage, READ_NEWS_KEY, next, items);
    setRead(next);
    setOpen(true);
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          onClick={show}
          data-testid="cms-news-open"
          data-unread={unread}
        >
          <Badge badgeContent={unread} color="error">
            <CampaignIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box
          role="region"
          aria-label={translate('cms.news.title')}
          data-testid="cms-news"
          sx={{ width: { xs: '100vw', sm: 400 }, p: 2 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {translate('cms.news.title')}
            </Typography>
            <IconButton aria-label={translate('cms.close')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          <List>
            {items.map((item, i) => (
              <Box key={item.id}>
                {i > 0 ? <Divider component="li" /> : null}
                <ListItem sx={{ display: 'block', px: 0 }} data-testid="cms-news-item">
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {cmsText(item.title, locale)}
                  </Typography>
                  {item.publishFrom ? (
                    <Typography variant="caption" color="text.secondary">
                      {formatDateTime(item.publishFrom, normalizeLocale(locale))}
                    </Typography>
                  ) : null}
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
                    {cmsText(item.body, locale)}
                  </Typography>
                </ListItem>
              </Box>
            ))}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
