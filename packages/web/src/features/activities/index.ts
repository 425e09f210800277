// What other features use of the activities feature (its pages load through app/routes).
export { ActivityCardGrid } from './ActivityCardGrid';
export { useActivityList, type ActivityList, type ActivityListState } from './use-activity-list';
export { ActivityWindowText } from './ActivityCard';
export { ActivityStatusTag } from './ActivityStatusTag';
