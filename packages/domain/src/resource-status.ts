// The status of a resource (DOMAIN §3.1): stored as 0 unreleased, 1 online or 4 offline; the wire
// shows 2 while the resource is frozen, whatever its stored status.
export const ResourceStatus = { Unreleased: 0, Online: 1, Frozen: 2, Offline: 4 } as const;
export type ResourceStatus = (typeof ResourceStatus)[keyof typeof ResourceStatus];
