import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { Loading, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../layout/pageTitle';
import { useDepartmentOptions } from '../layout/useDepartments';

/** Spec §2 /planner: choose a department or a department group (`group_{n}`). */
export function DepartmentSelect() {
  const translate = useTranslate();
  usePageTitle('departmentSelect');
  const { data, isPending, error } = useDepartmentOptions();
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{translate('errors.server')}</Alert>;
  const groups = data.filter((d) => d.group);
  const plain = data.filter((d) => !d.group);
  return (
    <Card sx={{ m: 2, maxWidth: 720 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('planner.chooseTitle')}
        </Typography>
        <Typography gutterBottom>{translate('planner.chooseText')}</Typography>
        {data.length === 0 ? <Alert severity="info">{translate('planner.none')}</Alert> : null}
        <List aria-label={translate('planner.chooseTitle')}>
          {groups.length > 0 ? <ListSubheader>{translate('planner.groups')}</ListSubheader> : null}
          {/* Each link in an item of its own: a list holds only items (axe `list`). */}
          {groups.map((d) => (
            <ListItem key={d.id} disablePadding>
              <ListItemButton component={Link} to={`/planner/${d.id}/shipments-search`}>
                <ListItemText primary={d.name} />
              </ListItemButton>
            </ListItem>
          ))}
          {plain.length > 0 ? (
            <ListSubheader>{translate('planner.departments')}</ListSubheader>
          ) : null}
          {plain.map((d) => (
            <ListItem key={d.id} disablePadding>
              <ListItemButton component={Link} to={`/planner/${d.id}/shipments-search`}>
                <ListItemText primary={d.name} secondary={d.country} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
