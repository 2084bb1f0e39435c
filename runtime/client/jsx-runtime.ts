// React's JSX runtime as a build's browser code sees it (generator/client/class-names-plugin.ts resolves
// `react/jsx-runtime` here for every module but this one): a className is renamed through the build's
// table (class-names.ts), as the server's HTML was, before React sees it.
//
// Every element's, a component's too: React Router's Link, NavLink and Form, like many libraries, pass
// their className on to the element they draw with React.createElement, which never comes here. A
// className given as a function (NavLink's, of its active state) is renamed as it answers. Renaming
// twice changes nothing (no short name is a class of the table), so a name renamed for a component and
// again for the element it draws stays right.
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';
import table from 'virtual:class-names';
import { renameClassList } from '../../model/class-names.ts';

const names: ReadonlyMap<string, string> = new Map(Object.entries(table));

const rename = (list: unknown): unknown =>
  typeof list === 'string' ? renameClassList(list, names) : typeof list === 'function' ? (...args: unknown[]) => rename(list(...args)) : list;

function renamed(props: Record<string, unknown>): Record<string, unknown> {
  return props.className === undefined ? props : { ...props, className: rename(props.className) };
}

export { Fragment };
export const jsx: typeof reactJsx = (type, props, key) => reactJsx(type, renamed(props as Record<string, unknown>), key);
export const jsxs: typeof reactJsxs = (type, props, key) => reactJsxs(type, renamed(props as Record<string, unknown>), key);
