import { createContext } from "react";
import type { BodyLayer } from "../render/body-layer.js";
import type { UiState } from "../store/ui-state.js";

/** The layer pane bodies are drawn on beside Ink (the line-diff renderer's); null: Ink draws them. */
export const BodyLayerContext = createContext<BodyLayer<UiState> | null>(null);
