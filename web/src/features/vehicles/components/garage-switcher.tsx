import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { formatVehicle, sameVehicle, saveVehicle, vehicleFrom, type Vehicle } from '@/lib/vehicle';
import { useAddVehicle } from '../api/add-vehicle';
import { useGarage } from '../api/get-garage';
import { useMakeCurrent } from '../api/make-current';
import { garageName, MY_GARAGE_ID, vehicleRequest } from '../garage';
import type { GarageVehicle } from '../types';

type GarageSwitcherProps = {
  /** The vehicle this browser shops for now (the header's), if any. */
  current: Vehicle | null;
  /** After a garage vehicle became the current one (the catalogue then lists its parts). */
  onSwitched?: (vehicle: Vehicle) => void;
};

/**
 * The header's vehicle switcher for a signed-in buyer: a menu button listing My Garage's
 * vehicles, the current one checked; choosing one makes it current here and in the garage. It also
 * saves the vehicle shown into the garage when it is not there, and leads to My Garage.
 * Keyboard: Enter, Space or the arrows open it; the arrows, Home and End move; Escape closes.
 */
export function GarageSwitcher({ current, onSwitched }: GarageSwitcherProps) {
  const garage = useGarage();
  const makeCurrent = useMakeCurrent();
  const addVehicle = useAddVehicle();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  // Which item takes the focus when the menu opens: the first, or the last (opened with ArrowUp).
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const vehicles = garage.data ?? [];
  const saved = current ? vehicles.some((vehicle) => sameVehicle(vehicle, current)) : true;

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    const checked = list.find((item) => item.getAttribute('aria-checked') === 'true');
    (focusOnOpen.current === 'last' ? list[list.length - 1] : (checked ?? list[0]))?.focus();
    // A click anywhere else closes the menu.
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = (vehicle: GarageVehicle) => {
    const chosen = vehicleFrom(vehicle);
    saveVehicle(chosen);
    close();
    onSwitched?.(chosen);
    if (!vehicle.current) makeCurrent.mutate(vehicle._id, { onError: (error) => notify.error(errorMessage(error)) });
  };

  const save = () => {
    if (!current) return;
    close();
    addVehicle.mutate(vehicleRequest(current), {
      onSuccess: () => notify.success(`${formatVehicle(current)} is saved in My Garage.`),
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
    else if (event.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      // A link answers Enter by itself; a menu item answers Space too.
      event.preventDefault();
      document.activeElement.click();
    }
  };

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-xs text-neutral-content/90 hover:border-transparent hover:bg-white/15 hover:text-white aria-expanded:bg-white/15 aria-expanded:text-white"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onKeyDown={onButtonKey}
        onClick={() => {
          focusOnOpen.current = 'first';
          setOpen((value) => !value);
        }}
      >
        {current ? 'Switch vehicle' : 'Choose from My Garage'}
        <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="My Garage"
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="absolute left-0 top-full z-50 mt-1 flex w-72 max-w-[calc(100vw-2rem)] flex-col rounded-box border border-base-300 bg-base-100 p-1 text-sm text-base-content shadow-lg"
        >
          {garage.isPending ? <p className="px-3 py-2 text-base-content/70">Loading your garage…</p> : null}
          {garage.isError ? <p className="px-3 py-2 text-error">Your garage could not be loaded.</p> : null}
          {garage.isSuccess && vehicles.length === 0 ? <p className="px-3 py-2 text-base-content/70">No vehicles saved yet.</p> : null}
          {vehicles.map((vehicle) => {
            const checked = current !== null && sameVehicle(vehicle, current);
            return (
              <button
                key={vehicle._id}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                className="flex items-center gap-2 rounded-field px-3 py-2 text-left hover:bg-base-200 focus-visible:bg-base-200 focus-visible:outline-none"
                onClick={() => choose(vehicle)}
              >
                <svg viewBox="0 0 24 24" className={`h-4 w-4 shrink-0 ${checked ? '' : 'invisible'}`} fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                  <path d="M5 12l5 5L20 7" />
                </svg>
                {garageName(vehicle)}
              </button>
            );
          })}
          <div role="separator" className="my-1 border-t border-base-300" />
          {current && garage.isSuccess && !saved ? (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="rounded-field px-3 py-2 text-left hover:bg-base-200 focus-visible:bg-base-200 focus-visible:outline-none"
              onClick={save}
            >
              Save {formatVehicle(current)} to My Garage
            </button>
          ) : null}
          <Link
            to={`${paths.dashboard.profile.getHref()}#${MY_GARAGE_ID}`}
            role="menuitem"
            tabIndex={-1}
            className="rounded-field px-3 py-2 hover:bg-base-200 focus-visible:bg-base-200 focus-visible:outline-none"
            onClick={() => setOpen(false)}
          >
            Manage My Garage
          </Link>
        </div>
      ) : null}
    </div>
  );
}
