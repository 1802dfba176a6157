import { createHelpModalSchema, routeRules } from '@nordlog/contracts';
import { AutocompleteInput, TextField } from 'react-admin';
import { plainChoices } from '../common/fields';
import { CmsCreate, CmsEdit, LanguageTexts, PublicationInputs } from './CmsInputs';
import { CmsList } from './CmsList';

/** The screens a help modal can explain: the route rules of the app (spec §2). */
const screens = plainChoices(routeRules.map((r) => r.path));

const HelpModalInputs = () => (
  <>
    <AutocompleteInput
      source="screen"
      choices={screens}
      isRequired
      fullWidth
      helperText="cms.fields.screenHelp"
    />
    <LanguageTexts />
    <PublicationInputs />
  </>
);

export const HelpModalCreate = () => (
  <CmsCreate page="cmsHelpModals" schema={createHelpModalSchema}>
    <HelpModalInputs />
  </CmsCreate>
);

export const HelpModalEdit = () => (
  <CmsEdit
    page="cmsHelpModals"
    schema={createHelpModalSchema}
    deleteCommand="DELETE_WHATS_THIS_MODAL"
  >
    <HelpModalInputs />
  </CmsEdit>
);

export const HelpModalList = () => (
  <CmsList
    page="cmsHelpModals"
    resource="admin/cms/helpModals"
    commands={{
      create: 'CREATE_WHATS_THIS_MODAL',
      update: 'UPDATE_WHATS_THIS_MODAL',
      delete: 'DELETE_WHATS_THIS_MODAL',
    }}
  >
    <TextField source="screen" />
  </CmsList>
);
