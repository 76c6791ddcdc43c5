import type { ModelConfig } from '../../providers/types';
import type { ProjectService } from '../projects';
import type { KnowledgeBaseService } from './service';

/**
 * Knowledge bases made with the default model by earlier versions hold a copy of the operator's key (from the
 * environment) in their stored `embedding_model`. Each such copy is replaced by an empty key, which means
 * "the default's": calls still get the same key, added at call time for the default's address only, and the
 * catalog no longer holds it. Run at start-up; returns the `project.kb` names it changed.
 */
export async function forgetCopiedDefaultKeys(
  kbs: KnowledgeBaseService,
  projects: ProjectService,
  defaults: ModelConfig | undefined,
): Promise<string[]> {
  if (!defaults?.api_key) return [];
  const changed: string[] = [];
  for (const project of await projects.list()) {
    for (const kb of await kbs.list(project.name, { showSecrets: true })) {
      const model = kb.embedding_model;
      if (model.api_key !== defaults.api_key || model.provider !== defaults.provider) continue;
      try {
        await kbs.alter(project.name, kb.name, { embedding_model: { api_key: '' } });
        changed.push(`${project.name}.${kb.name}`);
      } catch {
        // A KB whose settings no longer pass today's checks (an address now refused) keeps its row as it
        // is: start-up must not fail for it, and its calls are refused anyway.
      }
    }
  }
  return changed;
}
