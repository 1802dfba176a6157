import { defaultAccess, roles } from '@nordlog/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { enumKey } from '../../../i18n/enums';
import { ListActions, Titled, useBulkDelete, useRowClick } from '../common/pages';

/**
 * Every user has one of the built-in roles (spec §6); the roles administered here are extra access
 * profiles on top of them. The page shows both, so an empty list of custom roles is not read as
 * "users have no role" (issue 13).
 */
function BuiltInRoles() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('roles.builtInTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('roles.builtInText')}
        </Typography>
        <Table size="small" aria-label={translate('roles.builtInTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.admin/user-roles.fields.name')}</TableCell>
              <TableCell align="right">{translate('roles.defaultFlags')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {roles.map((role) => (
              <TableRow key={role}>
                <TableCell>{translate(enumKey('role', role))}</TableCell>
                <TableCell align="right">{defaultAccess[role].length}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function NoCustomRoles() {
  const translate = useTranslate();
  const mayRun = useMayRun();
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body1" gutterBottom>
        {translate('roles.noCustomRoles')}
      </Typography>
      {mayRun('CREATE_ROLE') ? <CreateButton /> : null}
    </Card>
  );
}

export function RoleList() {
  const bulkDelete = useBulkDelete('DELETE_ROLE');
  const rowClick = useRowClick('UPDATE_ROLE');
  return (
    <Titled page="roles">
      <>
        <BuiltInRoles />
        <List
          filters={[<SearchInput key="q" source="q" alwaysOn />]}
          actions={<ListActions create="CREATE_ROLE" />}
          sort={{ field: 'name', order: 'ASC' }}
          empty={<NoCustomRoles />}
          title="pages.roles"
        >
          <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
            <TextField source="id" />
            <TextField source="name" />
            <TextField source="description" />
            <FunctionField
              source="access"
              sortable={false}
              render={(r: RaRecord) => (r.access as string[]).length}
            />
          </Datagrid>
        </List>
      </>
    </Titled>
  );
}
