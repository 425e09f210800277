// The exhibits feature: the node owner's exhibit page loads through the route table (app/routes.tsx).
// Other features link to it with routes.nodeExhibitFormal(presentableId).
export { exhibitKeys } from './exhibits-api';
