// The Supabase address pages are built for: VITE_SUPABASE_URL, or the local stand-in's.
import { LOCAL_SUPABASE_URL } from '../model/local-backend.ts';

export function supabaseUrl(): string {
  return process.env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL;
}
