import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The page's colours: as the OS says, or always light, or always dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';

interface ThemeState {
  choice: ThemeChoice;
  choose: (choice: ThemeChoice) => void;
}

export const THEME_STORAGE_KEY = 'ks.theme';

/**
 * The user's theme, remembered in this browser. The page's colours are light-dark() pairs (theme.css): the
 * document's `data-theme` fixes its color-scheme to one side, and without it the OS decides.
 */
export const useThemeStore = create<ThemeState>()(
  persist((set) => ({ choice: 'system', choose: (choice) => set({ choice }) }), {
    name: THEME_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ choice: s.choice }),
  }),
);

function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

// Applied as soon as the app's code runs (the app imports this module), on the login page too, and on
// every change.
apply(useThemeStore.getState().choice);
useThemeStore.subscribe((s) => apply(s.choice));
