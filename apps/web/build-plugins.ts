import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * Build-time plugins of the web app (issue #18, web delivery). Budgets: e2e/bundle-budget.e2e.ts.
 */

/**
 * A build plugin that answers an import with a module of its own: `sources` imported by a module whose path matches
 * `importer` resolve to `code` (a stand-in that throws if used, or a lean re-export).
 */
function replaceImport(name: string, importer: RegExp, sources: readonly string[], code: string): Plugin {
  const id = `\0xg-${name}`;
  return {
    name: `xg-${name}`,
    enforce: 'pre',
    resolveId(source, from) {
      return from && sources.includes(source) && importer.test(from) ? id : null;
    },
    load(loaded) {
      return loaded === id ? code : null;
    },
  };
}

/** A function `name` that throws when called: `what` is not part of the web build. */
function throwing(name: string, what: string): string {
  return [
    `function ${name}() {`,
    `  throw new Error('${what} not part of the web build (apps/web/build-plugins.ts)');`,
    '}',
  ].join('\n');
}

const RADIO_NAME_PATH = '\0xg-radio-name-path';

/**
 * antd's form context (imported by Input, Select, … on every page) takes `FormProvider` from the index of
 * `@rc-component/form`, whose module body wires Form, Field, List and useForm together, and Radio.Group takes
 * a one-line helper from antd's useForm, which imports the same index: every page then carried the form
 * engine and its validator. The context gets `FormProvider` from its own module, Radio.Group the helper from
 * a copy; pages with a form still import the whole package through antd's Form.
 */
export function leanFormContext(): Plugin {
  return {
    name: 'xg-lean-form-context',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      if (source === '@rc-component/form' && /antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer))
        return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
      if (source === '../form/hooks/useForm' && /antd[\\/]es[\\/]radio[\\/]group\.js$/.test(importer))
        return RADIO_NAME_PATH;
      return null;
    },
    load(id) {
      if (id !== RADIO_NAME_PATH) return null;
      // antd/es/form/hooks/useForm.js toNamePathStr (with form/util.js toArray)
      return [
        'export function toNamePathStr(name) {',
        '  const namePath = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];',
        "  return namePath.join('_');",
        '}',
      ].join('\n');
    },
  };
}

/**
 * Pages have fixed sizes in this product (every list sets `showSizeChanger: false`, and app/providers.tsx
 * turns it off for all), yet antd's Pagination imports Select — with its virtual list — for the size changer
 * of every table. The size changer is replaced by a stand-in that throws if one is ever shown; pages with a
 * Select import it themselves and get the real one.
 */
export function paginationWithoutSizeChanger(): Plugin {
  return replaceImport(
    'no-page-size-changer',
    /antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/,
    ['../select'],
    [
      throwing('SizeChanger', 'The page size changer is'),
      'SizeChanger.Option = SizeChanger;',
      'export default SizeChanger;',
    ].join('\n'),
  );
}

/**
 * No text of the app is editable in place (Typography's `editable`), yet antd's Typography imports its
 * editor — a TextArea — for every title and paragraph. The editor is replaced by a stand-in that throws if a
 * text is ever made editable.
 */
export function typographyWithoutEditing(): Plugin {
  return replaceImport(
    'no-editable-text',
    /antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    ['../Editable'],
    `export default ${throwing('Editable', 'Editable text is')}`,
  );
}

/**
 * No Card of the app has tabs (`tabList`), yet antd's Card imports Tabs for every card. The Tabs it would
 * render are replaced by a stand-in that throws if a card ever asks for them (pages with Tabs import them
 * themselves and get the real ones).
 */
export function cardWithoutTabs(): Plugin {
  return replaceImport(
    'no-card-tabs',
    /antd[\\/]es[\\/]card[\\/]Card\.js$/,
    ['../tabs'],
    `export default ${throwing('CardTabs', 'Card tabs (tabList) are')}`,
  );
}

/**
 * No table of the app has column filters (`filters` / `filterDropdown` / `onFilter`), yet antd's Table imports
 * its filter dropdown — Tree, Menu, Dropdown, Checkbox, Radio — for every table. The dropdown is replaced by a
 * stand-in that throws if a column ever asks for filters; `flattenKeys` keeps antd's implementation.
 */
export function tableWithoutColumnFilters(): Plugin {
  return replaceImport(
    'no-table-filters',
    /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    ['./FilterDropdown'],
    [
      'export function flattenKeys(filters) {',
      '  let keys = [];',
      '  (filters || []).forEach(({ value, children }) => {',
      '    keys.push(value);',
      '    if (children) keys = [...keys, ...flattenKeys(children)];',
      '  });',
      '  return keys;',
      '}',
      `export default ${throwing('FilterDropdown', 'Table column filters are')}`,
    ].join('\n'),
  );
}

/**
 * antd's ConfigProvider imports Tooltip's UniqueProvider (the shared tooltip popup of `tooltip.unique`, with
 * @rc-component/trigger and its motion) for every page, the landing included, and the app never turns
 * `tooltip.unique` on (app/providers.tsx). The provider's copy is a stand-in that throws if it is ever
 * turned on; Tooltip itself still imports the real one, so pages with tooltips keep it.
 */
export function configWithoutUniqueTooltip(): Plugin {
  return replaceImport(
    'no-unique-tooltip',
    /antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    ['../tooltip/UniqueProvider'],
    `export default ${throwing('UniqueProvider', 'tooltip.unique is')}`,
  );
}

/**
 * No table of the app selects rows (`rowSelection`), yet antd's Table imports Checkbox, Radio and Dropdown
 * for its selection column on every table. In the selection hook they are stand-ins that throw if a table
 * ever asks for a selection column (the hook's no-selection path renders none of them); pages with a
 * Checkbox, Radio or Dropdown import them themselves and get the real ones. The hook's tree helpers (which keys
 * a click checks) come from their own modules, not from @rc-component/tree's index, which brings Tree and its
 * virtual list.
 */
export function tableWithoutRowSelection(): Plugin[] {
  const hook = /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/;
  const tree = '@rc-component/tree/es';
  return [
    replaceImport(
      'no-table-row-selection',
      hook,
      ['../../checkbox', '../../radio', '../../dropdown'],
      `export default ${throwing('SelectionControl', 'Table row selection is')}`,
    ),
    // the tree's index builds Tree with its virtual list at module level: the helpers from their own modules
    replaceImport(
      'rc-tree-helpers',
      hook,
      ['@rc-component/tree'],
      [
        `export { arrAdd, arrDel } from '${tree}/util.js';`,
        `export { conductCheck } from '${tree}/utils/conductUtil.js';`,
        `export { convertDataToEntities } from '${tree}/utils/treeUtil.js';`,
      ].join('\n'),
    ),
  ];
}

/**
 * No table of the app scrolls virtually (`virtual`: pages are 10–50 rows), yet antd's Table imports the
 * virtual table — with @rc-component/virtual-list and its scroll bar — for every table, the dashboard's
 * included: @rc-component/table's index builds it at module level, so it is never shaken out. antd's table
 * modules get that index without the virtual table (every other export from its own module); the virtual
 * table is a stand-in that throws if a table ever asks for it.
 */
export function tableWithoutVirtualScroll(): Plugin {
  const rc = '@rc-component/table/es';
  return replaceImport(
    'rc-table-without-virtual',
    /antd[\\/]es[\\/]table[\\/]/,
    ['@rc-component/table'],
    [
      `export { EXPAND_COLUMN, INTERNAL_HOOKS } from '${rc}/constant.js';`,
      `export { FooterComponents as Summary } from '${rc}/Footer/index.js';`,
      `export { default as Column } from '${rc}/sugar/Column.js';`,
      `export { default as ColumnGroup } from '${rc}/sugar/ColumnGroup.js';`,
      `export { default, genTable } from '${rc}/Table.js';`,
      `export { INTERNAL_COL_DEFINE } from '${rc}/utils/legacyUtil.js';`,
      `export { convertChildrenToColumns } from '${rc}/hooks/useColumns/index.js';`,
      `export function genVirtualTable() {`,
      `  return ${throwing('VirtualTable', 'Virtual tables are')};`,
      '}',
      'export const VirtualTable = genVirtualTable();',
    ].join('\n'),
  );
}

/**
 * antd's components fall back to its English locale (`antd/es/locale/en_US`) where the ConfigProvider gives
 * none, so every page carried the English texts beside the Chinese ones. The app renders everything under
 * `<ConfigProvider locale={zhCN}>` (app/providers.tsx), and zh_CN has every key en_US has (checked by
 * hand for antd 6.6.8: a deep key comparison found none missing), so the fallback is zh_CN itself: texts
 * inside the provider are the same, and antd's static fallbacks outside it speak Chinese too.
 */
export function antdChineseDefaultLocale(): Plugin {
  return {
    name: 'xg-antd-chinese-default-locale',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !/en_US$/.test(source) || !/antd[\\/]es[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || !/antd[\\/]es[\\/]locale[\\/]en_US\.js$/.test(resolved.id)) return null;
      return resolved.id.replace(/en_US\.js$/, 'zh_CN.js');
    },
  };
}

const NO_JSON_SCHEMA = '\0xg-zod-no-json-schema:';
const JSON_SCHEMA_MODULES = /(?:^|[\\/])(to-json-schema|json-schema-processors|json-schema-generator)\.js$/;

/**
 * zod's classic schemas reference its JSON-schema converter (toJSONSchema, the processors, the generator)
 * from every schema class, so it cannot be tree-shaken, and the web never converts a schema to JSON Schema.
 * In the web build those modules are replaced by stand-ins that throw when called; `aggregateChecks` (read
 * by schema getters such as `.minLength`) stays the real one.
 */
export function zodWithoutJsonSchema(): Plugin {
  const real = new Map<string, string>();
  return {
    name: 'xg-zod-without-json-schema',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || importer.startsWith(NO_JSON_SCHEMA) || !/[\\/]zod[\\/]v4[\\/]/.test(importer)) return null;
      const match = JSON_SCHEMA_MODULES.exec(source);
      if (!match?.[1]) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved) return null;
      real.set(match[1], resolved.id);
      return `${NO_JSON_SCHEMA}${match[1]}`;
    },
    load(id) {
      if (!id.startsWith(NO_JSON_SCHEMA)) return null;
      const name = id.slice(NO_JSON_SCHEMA.length);
      const file = real.get(name);
      if (!file) throw new Error(`zodWithoutJsonSchema: ${name} was not resolved`);
      const source = fs.readFileSync(file, 'utf8');
      const names = new Set<string>();
      for (const m of source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm))
        names.add(m[1]!);
      for (const m of source.matchAll(/^export \{([^}]*)\}/gm))
        for (const part of m[1]!.split(','))
          names.add(
            part
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
          );
      names.delete('');
      const lines = [`const off = () => { throw new Error('JSON Schema conversion is not part of the web bundle'); };`];
      for (const n of names) {
        if (n === 'aggregateChecks') lines.push(`export { aggregateChecks } from ${JSON.stringify(file)};`);
        else if (n.startsWith('create')) lines.push(`export const ${n} = () => off;`);
        else if (n === 'JSONSchemaGenerator') lines.push(`export class ${n} { constructor() { off(); } }`);
        else lines.push(`export const ${n} = off;`);
      }
      return lines.join('\n');
    },
  };
}

/** Files worth compressing (text); the server serves `<file>.br` / `<file>.gz` when the client accepts them. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|ico|webmanifest)$/;
/** Below this a compressed copy saves nothing worth a second file. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every compressible output
 * file, so the server sends compressed files without compressing per request (@fastify/static's
 * `preCompressed`). A copy is kept only when it is smaller than the file.
 */
export function preCompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'xg-pre-compress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = listFiles(outDir).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.promises.readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.promises.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.promises.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

const brotli = promisify<zlib.InputType, zlib.BrotliOptions, Buffer>(zlib.brotliCompress);
const gzip = promisify<zlib.InputType, zlib.ZlibOptions, Buffer>(zlib.gzip);

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}
