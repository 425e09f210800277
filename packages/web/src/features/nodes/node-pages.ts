// The node console's pages travel in one lazy chunk (they share antd's form and table code).
export { ExamplesPage } from './ExamplesPage';
export { MyNodesPage } from './MyNodesPage';
export { NodeCreateSuccessPage } from './NodeCreateSuccessPage';
export { NodeCreatorPage } from './NodeCreatorPage';
export { NodeFreezePage } from './NodeFreezePage';
export { NodeManagerPage } from './NodeManagerPage';
