/** Demo world scale for tests: scale 1 is the default world (≥ 5,000 creators); tests use a small one. */
export const TEST_SCALE = 0.05;
export const TEST_DEMO_PASSWORD = 'test-demo-pass';
export const TEMPLATE_PREFIX = 'xg_tpl_';
//# sourceMappingURL=constants.js.map