// Limits of a dependency list (DOMAIN §2.22, §8), shared by the server and the wire schemas
// (a version range's length limit is VERSION_RANGE_MAX_LENGTH in ./semver).
export const MAX_DEPENDENCIES = 100;
export const DEPENDENCY_NAME_MAX_LENGTH = 200;
