/** The demo data's resource policy names (packages/server/src/modules/versions/demo.ts), in both languages. */
export const DEMO_POLICY = { free: '免费 Free', payOnce: '一次付费 Pay once' } as const;
