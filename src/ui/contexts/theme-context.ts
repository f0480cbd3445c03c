import { createContext } from "react";
import { FALLBACK_THEME, type Theme } from "../theme/theme.js";

export const ThemeContext = createContext<Theme>(FALLBACK_THEME);
