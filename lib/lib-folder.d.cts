/** The folder of the project's lib/ modules (lib-folder.cjs). */
export declare const LIB_FOLDER: string;
