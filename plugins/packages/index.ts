// pi packages: npm, git and local sources of extensions, skills, prompt templates and themes.
export { parseSource, sourceIdentity, isLocalPath, isRemoteSource, type ParsedSource } from "./sources/source.js";
export { installedPath, npmRoot, gitRoot, scopeBaseDir, type PackagePlaces } from "./installers/locations.js";
export { configuredPackages, type ConfiguredPackage } from "./sources/configured.js";
export {
  installPackage,
  removePackage,
  updatePackages,
  listPackages,
  fetchPackage,
  type PackageManagerContext,
  type ListedPackage,
  type UpdateOutcome,
} from "./package-manager.js";
export { collectPackageResources, RESOURCE_TYPES, type PackageResources, type PackageFilter, type PackageResourceType } from "./sources/package-resources.js";
export { loadConfiguredPackages, isOffline, type LoadPackagesOptions, type LoadedPackages } from "./startup.js";
export { createPackagesService, packagesPlugin, PACKAGES_PLUGIN_NAME, type PackagesService } from "./packages-service.js";
export { runPackageCommand } from "./cli/cli.js";
export type { PackageCommandIO } from "./cli/command-context.js";
export { isPackageCommand, PACKAGE_COMMANDS } from "./cli/command-names.js";
export { resolveTemporaryPackages, temporaryInstallPath, type TemporaryPackages, type TemporaryPackagesOptions } from "./installers/temporary.js";
export { selfUpdate, type SelfUpdateOptions, type SelfUpdateResult } from "./cli/self-update.js";
