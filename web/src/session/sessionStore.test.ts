import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getLogoutNotice,
  getRefreshToken,
  getSelectedLocationId,
  getStoredStudyId,
  getStoredRights,
  storeRights,
  getToken,
  isSignedIn,
  storeSelectedLocationId,
  storeSession,
  storeStudyId,
  subscribeSession,
} from './sessionStore';

describe('session storage', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
  });

  it('is signed out without a token', () => {
    expect(isSignedIn()).toBe(false);
    expect(getToken()).toBeNull();
  });

  it('keeps token and refresh token in sessionStorage', () => {
    storeSession({ token: 't1', refreshToken: 'r1' });
    expect(isSignedIn()).toBe(true);
    expect(getToken()).toBe('t1');
    expect(getRefreshToken()).toBe('r1');
    expect(window.sessionStorage.length).toBe(2);
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps the selected location id', () => {
    storeSelectedLocationId('loc-1');
    expect(getSelectedLocationId()).toBe('loc-1');
  });

  it('clears token, refresh token and location on logout', () => {
    storeSession({ token: 't1', refreshToken: 'r1' });
    storeSelectedLocationId('loc-1');
    clearSession();
    expect(isSignedIn()).toBe(false);
    expect(getRefreshToken()).toBeNull();
    expect(getSelectedLocationId()).toBeNull();
  });

  it('keeps the study of the scope for the next page load, forgets it when unknown and on logout', () => {
    storeStudyId('study-7');
    expect(getStoredStudyId()).toBe('study-7');
    storeStudyId(null);
    expect(getStoredStudyId()).toBeNull();
    storeStudyId('study-7');
    clearSession();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps the rights the shell found for the next page load, forgets them on logout', () => {
    expect(getStoredRights()).toBeNull();
    storeRights(['QueryGetMyCmd', 'StudyPatientGetMyCmd']);
    expect(getStoredRights()).toEqual(['QueryGetMyCmd', 'StudyPatientGetMyCmd']);
    clearSession();
    expect(getStoredRights()).toBeNull();
  });

  it('notifies subscribers until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    storeSession({ token: 't', refreshToken: 'r' });
    storeSelectedLocationId('x');
    unsubscribe();
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('logout notice', () => {
  it('remembers why the session ended until the next sign-in', () => {
    storeSession({ token: 't', refreshToken: 'r' });
    clearSession('autoLogout');
    expect(getLogoutNotice()).toBe('autoLogout');
    storeSession({ token: 't2', refreshToken: 'r2' });
    expect(getLogoutNotice()).toBeNull();
    clearSession();
    expect(getLogoutNotice()).toBeNull();
  });
});
