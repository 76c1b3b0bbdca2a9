/**
 * The field API's bodies (GET /field/...), as the contract names them. They move to the generated
 * models (src/api/gen/model) once the server's routes are generated; until then this file is the
 * one place they are written.
 */
export type FieldTaskState = 'available' | 'blocked' | 'in_progress' | 'paused' | 'done_today';
export type EntryStatus = 'in_progress' | 'paused' | 'completed' | 'failed' | 'cancelled';

export interface FieldTaskEntry {
  id: number;
  status: EntryStatus;
  user_id: number;
  first_name: string;
  last_name: string;
  mine: boolean;
  created_at: string;
  updated_at: string;
}

export interface FieldTask {
  task_id: number;
  task_code: string;
  task_name: string;
  description: string | null;
  is_primary: boolean;
  order: number;
  state: FieldTaskState;
  blocked_by: { task_id: number; task_name: string }[];
  entry: FieldTaskEntry | null;
}

export interface FieldPositionInfo {
  id: number;
  position_code: string;
  position_name: string;
  location_details: string | null;
  nfc_tag_id: string | null;
  coordinates: { latitude: number; longitude: number } | null;
}

export interface FieldPosition {
  position: FieldPositionInfo;
  tasks: FieldTask[];
  server_time: string;
}

export interface FieldEntry {
  id: number;
  status: EntryStatus;
  task_id: number | null;
  task_name: string | null;
  position_id: number;
  position_name: string;
  nfc_tag_id: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  photo_count: number;
}

export interface FieldMyWork {
  entries: FieldEntry[];
}

export interface FieldOfflinePack {
  positions: FieldPosition[];
}
