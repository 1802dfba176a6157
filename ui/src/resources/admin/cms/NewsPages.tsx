import { createNewsSchema } from '@nordlog/contracts';
import { CmsCreate, CmsEdit, LanguageTexts, PublicationInputs } from './CmsInputs';
import { CmsList } from './CmsList';

const NewsInputs = () => (
  <>
    <LanguageTexts />
    <PublicationInputs />
  </>
);

export const NewsCreate = () => (
  <CmsCreate page="cmsNews" schema={createNewsSchema}>
    <NewsInputs />
  </CmsCreate>
);

export const NewsEdit = () => (
  <CmsEdit page="cmsNews" schema={createNewsSchema} deleteCommand="DELETE_NEWS">
    <NewsInputs />
  </CmsEdit>
);

export const NewsList = () => (
  <CmsList
    page="cmsNews"
    resource="admin/cms/news"
    commands={{ create: 'CREATE_NEWS', update: 'UPDATE_NEWS', delete: 'DELETE_NEWS' }}
  ></CmsList>
);
