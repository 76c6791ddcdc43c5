import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

/** The focusable rows of the tree, in the order they are shown (children of closed nodes are not rendered). */
const ROW = '[role="treeitem"]';
const rowsOf = (tree: HTMLElement) => [...tree.querySelectorAll<HTMLElement>(ROW)];

/** The row that owns a group: the one whose `aria-owns` names it. */
function parentRow(tree: HTMLElement, row: HTMLElement): HTMLElement | null {
  const group = row.closest<HTMLElement>('[role="group"]');
  if (!group?.id || !tree.contains(group)) return null;
  return tree.querySelector<HTMLElement>(`[aria-owns="${CSS.escape(group.id)}"]`);
}

/**
 * Opens or closes a node: the row itself when it is its own toggle (a button), otherwise the control its
 * `data-tree-toggle` names (a table's caret: pressing its link would open the table's preview instead).
 */
function toggle(row: HTMLElement): void {
  const control = row.dataset.treeToggle ? document.getElementById(row.dataset.treeToggle) : row;
  control?.click();
}

/**
 * The keyboard of the ARIA tree pattern, for a tree whose rows are buttons and links with role `treeitem`:
 * the whole tree is one Tab stop (roving tabindex: the last row used keeps it), Up and Down move between the
 * rows shown, Home and End go to the first and last, Right opens a closed node or enters an open one, Left
 * closes an open node or goes to its parent. Enter acts as the row does (opens the node, follows the link).
 */
export function useTreeKeyboard<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const active = useRef<HTMLElement | null>(null);

  // Rows come and go as nodes open and their objects load (in the nodes' own renders): after each change,
  // exactly one row keeps the Tab stop.
  useLayoutEffect(() => {
    const tree = ref.current;
    if (!tree) return;
    const assign = () => {
      const rows = rowsOf(tree);
      if (!active.current || !tree.contains(active.current)) active.current = rows[0] ?? null;
      for (const row of rows) {
        const tabIndex = row === active.current ? '0' : '-1';
        if (row.getAttribute('tabindex') !== tabIndex) row.setAttribute('tabindex', tabIndex);
      }
    };
    assign();
    const observer = new MutationObserver(assign);
    observer.observe(tree, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  const focusRow = (row: HTMLElement | null | undefined) => {
    if (!row) return;
    if (active.current && active.current !== row) active.current.tabIndex = -1;
    active.current = row;
    row.tabIndex = 0;
    row.focus();
  };

  const onFocus = (e: FocusEvent<T>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>(ROW);
    if (row && ref.current?.contains(row) && row !== active.current) focusRow(row);
  };

  const onKeyDown = (e: KeyboardEvent<T>) => {
    const tree = ref.current;
    const row = (e.target as HTMLElement).closest<HTMLElement>(ROW);
    if (!tree || !row || e.altKey || e.ctrlKey || e.metaKey) return;
    const rows = rowsOf(tree);
    const at = rows.indexOf(row);
    const expanded = row.getAttribute('aria-expanded');
    let handled = true;
    if (e.key === 'ArrowDown') focusRow(rows[at + 1]);
    else if (e.key === 'ArrowUp') focusRow(rows[at - 1]);
    else if (e.key === 'Home') focusRow(rows[0]);
    else if (e.key === 'End') focusRow(rows.at(-1));
    else if (e.key === 'ArrowRight') {
      if (expanded === 'false') toggle(row);
      else if (expanded === 'true' && rows[at + 1] && parentRow(tree, rows[at + 1]) === row)
        focusRow(rows[at + 1]);
    } else if (e.key === 'ArrowLeft') {
      if (expanded === 'true') toggle(row);
      else focusRow(parentRow(tree, row));
    } else handled = false;
    if (handled) e.preventDefault();
  };

  return { ref, onKeyDown, onFocus };
}
