import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../locales/en-US';
import ja from '../locales/ja-JP';
import ko from '../locales/ko-KR';
import ru from '../locales/ru-RU';
import th from '../locales/th-TH';
import vi from '../locales/vi-VN';
import zh from '../locales/zh-CN';
import tw from '../locales/zh-TW';
import { PERM_CODES, PERM_GROUPS, SYSTEM_ROLES, permGroupLabel, permLabel, roleLabel, roleNote } from './perms';

// the server's seeded catalogue, read from its source
const GO = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../models/permissions.go'), 'utf8');

const LANGS: Record<string, Record<string, string>> = { en, zh, tw, ja, ko, ru, vi, th };
const keys = [
  ...PERM_CODES.map((c) => `admin.perm.name.${c}`),
  ...PERM_GROUPS.map((g) => `admin.perm.group.${g}`),
  ...Object.values(SYSTEM_ROLES).flatMap((c) => [`admin.role.name.${c}`, `admin.role.note.${c}`]),
];

describe('server-seeded permission and role texts', () => {
  it('name every permission, group and system role of models/permissions.go', () => {
    const consts = new Map([...GO.matchAll(/^\s*(\w+)\s*=\s*"([^"]+)"/gm)].map((m) => [m[1], m[2]]));
    const catalog = [...GO.matchAll(/Code: (\w+), Name: "[^"]*", Group: "(\w+)"/g)];
    expect(catalog.map((m) => consts.get(m[1]))).toEqual([...PERM_CODES]);
    expect([...new Set(catalog.map((m) => m[2]))].sort()).toEqual([...PERM_GROUPS].sort());
    const roles = [...GO.matchAll(/Role\{ID: "([^"]+)", Code: (\w+),/g)].map((m) => [m[1], consts.get(m[2])]);
    expect(Object.fromEntries(roles)).toEqual(SYSTEM_ROLES);
  });
  it('the English texts are the server’s', () => {
    const names = [...GO.matchAll(/Code: (\w+), Name: "([^"]*)", Group:/g)].map((m) => m[2]);
    expect(PERM_CODES.map((c) => en[`admin.perm.name.${c}` as keyof typeof en])).toEqual(names);
    const roles = [...GO.matchAll(/Name: "([^"]*)", Type: RoleSystem, Note: "([^"]*)"/g)].flatMap((m) => [m[1], m[2]]);
    expect(Object.values(SYSTEM_ROLES).flatMap((c) => [(en as any)[`admin.role.name.${c}`], (en as any)[`admin.role.note.${c}`]])).toEqual(roles);
  });
  for (const [lang, texts] of Object.entries(LANGS)) {
    it(`${lang} has every text`, () => {
      for (const k of keys) expect(texts[k], `${lang} ${k}`).toBeTruthy();
    });
  }
  const f = (id: string) => (zh as any)[id] ?? id;
  it('chooses by code and falls back to the server text', () => {
    expect(permLabel(f, { code: 'survey:manage', name: 'Design surveys' })).toBe('设计问卷');
    expect(permLabel(f, { code: 'x:new', name: 'Something new' })).toBe('Something new');
    expect(permLabel(f, { code: 'x:new' })).toBe('x:new');
    expect(permGroupLabel(f, 'survey')).toBe('问卷');
    expect(permGroupLabel(f, 'other')).toBe('other');
  });
  it('translates only the system roles', () => {
    const author = { id: 'r-user', code: 'DWSURVEY_USER', type: 1, name: 'Survey author', note: 'Default role of registered users' };
    expect(roleLabel(f, author)).toBe('问卷作者');
    expect(roleNote(f, author)).toBe('注册用户的默认角色');
    // a user's role reference (no type) by code, a directory entry (no code) by its fixed id
    expect(roleLabel(f, { id: 'r-super-admin', code: 'DWSURVEY_SUPER_ADMIN', name: 'Super administrator' })).toBe('超级管理员');
    expect(roleLabel(f, { id: 'r-user', name: 'Survey author' })).toBe('问卷作者');
    // custom roles keep their own name and note
    const custom = { id: 'r-9', code: 'ANALYST', type: 2, name: 'Survey author', note: 'mine' };
    expect(roleLabel(f, custom)).toBe('Survey author');
    expect(roleNote(f, custom)).toBe('mine');
    expect(roleLabel(f, { id: 'r-9', code: 'DWSURVEY_USER', type: 2, name: 'Mine' })).toBe('Mine');
    expect(roleLabel(f, { id: 'r-9', name: 'Mine' })).toBe('Mine');
  });
});
