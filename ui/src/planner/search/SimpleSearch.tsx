import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ConsignmentRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { runQuery } from '../../shell/api';
import { useLatestPath } from '../../shell/latestPath';
import { isSearchable } from '../shipmentsData';
import { PhraseField } from '../PhraseField';
import { SearchOutcome } from './SearchResultsGrid';
import { parseSimpleSearch, simpleSearchPath, type SimpleSearchView } from './searchPaths';

/**
 * Simple search (spec §2 `/planner/simple-search/{shipmentId?}`): a shipment id, an order number,
 * a package id or words, over every date of the user's departments (searchConsignments); or the
 * deleted orders (searchDeletedOrders), to restore one (docs/decisions/0052-search-screens.md).
 */
export default function SimpleSearch() {
  const translate = useTranslate();
  const navigate = useNavigate();
  usePageTitle('search.simpleTitle');
  const { '*': splat = '' } = useParams();
  const { search } = useLocation();
  const view = parseSimpleSearch(splat, search);
  // A change merges into the address as it is now (shell/latestPath).
  const latest = useLatestPath();
  const go = (next: Partial<SimpleSearchView>) =>
    void navigate(
      simpleSearchPath({ ...parseSimpleSearch(latest().splat, window.location.search), ...next }),
      { replace: true },
    );
  const searching = isSearchable(view.phrase);
  const query = view.deleted ? 'searchDeletedOrders' : 'searchConsignments';
  const result = useQuery({
    queryKey: ['consignments', 'search', { query, phrase: view.phrase }],
    enabled: searching,
    queryFn: () => runQuery<ConsignmentRow[]>(query, { searchPhrase: view.phrase, limit: 1000 }),
  });
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('search.simpleTitle')}>
        <PhraseField
          value={view.phrase}
          label={translate('search.phrase')}
          minWidth={380}
          autoFocus
          onSettled={(phrase) => phrase !== view.phrase && go({ phrase })}
        />
        <FormControlLabel
          control={
            <Switch checked={view.deleted} onChange={(e) => go({ deleted: e.target.checked })} />
          }
          label={translate('search.deletedOrders')}
          sx={{ mb: 2.5 }}
        />
      </PageHeader>
      <SearchOutcome
        label={translate('search.simpleTitle')}
        searching={searching}
        result={result}
        summary={
          searching
            ? translate(view.deleted ? 'search.deletedResults' : 'planner.searching', {
                phrase: view.phrase,
              })
            : translate('search.simpleHint')
        }
      />
    </Box>
  );
}
