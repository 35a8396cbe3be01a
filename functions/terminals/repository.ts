import type { EntityItem } from 'electrodb';
import { TERMINALS_PER_SPHERE_MAX } from '@shared/domain/terminals';
import type { TerminalEntity } from './entities/terminal';
import { isConditionFailure } from '../lib/conditions';
import { terminalsDb as db } from './store';

export type TerminalItem = EntityItem<typeof TerminalEntity>;
export type NewTerminal = Omit<TerminalItem, 'createdAt' | 'updatedAt'>;

/** The creator a terminal keeps once the person who set it up has left the product. */
export const ANONYMOUS_CREATOR = 'anonymous';

/** Writes a new terminal, never over an existing id. */
export async function insertTerminal(terminal: NewTerminal): Promise<TerminalItem> {
  const { data } = await db().entities.terminal.create(terminal).go();
  return data;
}

export async function findTerminal(terminalId: string): Promise<TerminalItem | null> {
  const { data } = await db().entities.terminal.get({ terminalId }).go();
  return data;
}

/** A sphere's terminals, oldest first: one Query. */
export async function sphereTerminals(sphereId: string): Promise<TerminalItem[]> {
  const { data } = await db()
    .entities.terminal.query.bySphere({ sphereId })
    .go({ limit: TERMINALS_PER_SPHERE_MAX });
  return data;
}

export async function removeTerminal(terminalId: string): Promise<void> {
  await db().entities.terminal.delete({ terminalId }).go();
}

/** The terminals a person set up (export, anonymisation). */
export async function terminalsCreatedBy(userId: string): Promise<TerminalItem[]> {
  const { data } = await db().entities.terminal.query.byCreator({ createdBy: userId }).go({ pages: 'all' });
  return data;
}

/** Takes a person's id off the terminals they set up; the terminals keep working. */
export async function anonymiseCreator(terminals: readonly TerminalItem[]): Promise<void> {
  for (const terminal of terminals)
    await db()
      .entities.terminal.patch({ terminalId: terminal.terminalId })
      .set({ createdBy: ANONYMOUS_CREATOR })
      .go();
}

/** Writes demo terminals (the local seed); one already there is left as it is. */
export async function importTerminals(terminals: readonly NewTerminal[]): Promise<void> {
  for (const terminal of terminals) {
    try {
      await db().entities.terminal.create(terminal).go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
