export { SETTING_SPECS, SettingSpec, Direction } from './specs';
export { effectiveSetting, effectiveSettings, EffectiveSetting, ScopedValues } from './policy';
export { SafeEditSettings, toSafeEditSettings } from './safe-edit-settings';
