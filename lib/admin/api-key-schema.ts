import { z } from "zod";
import { API_KEY_PATTERN } from "@/lib/api-key/store";

// The messages never repeat what was typed: the value is a secret even when it is wrong.
export const apiKeyFormSchema = z.object({
  key: z
    .string({ error: "Enter the new key." })
    .trim()
    .min(1, "Enter the new key.")
    .regex(API_KEY_PATTERN, "An API key is exactly 32 hexadecimal characters (0–9 and a–f)."),
});
