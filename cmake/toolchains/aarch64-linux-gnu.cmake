# aarch64-linux-gnu.cmake: cross-builds isaprobe for 64-bit Arm boards: RK3399 (Mali-T860), Amlogic G12 and S922X (Mali-G52), Allwinner H6 (Mali-T720), A64 and H5 (Mali-400/450), with Debian's cross compiler and the
# board's libraries as Debian multiarch packages (README, "Running on a board"):
#   apt install gcc-aarch64-linux-gnu
#   dpkg --add-architecture arm64 && apt update && apt install libdrm-dev:arm64 libsqlite3-dev:arm64
#   cmake -B build/arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake \
#         -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
# Libraries and pkg-config files of the target architecture only, never the build machine's.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
# Where multiarch installs clash with the build machine's packages: unpack the board's
# libdrm2, libdrm-dev, libsqlite3-0 and libsqlite3-dev .debs (apt download PKG:ARCH;
# dpkg -x PKG.deb DIR) into DIR and pass -DISAPROBE_SYSROOT=DIR.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES ISAPROBE_SYSROOT)
if(ISAPROBE_SYSROOT)
  list(APPEND CMAKE_PREFIX_PATH ${ISAPROBE_SYSROOT}/usr)
  set(ENV{PKG_CONFIG_LIBDIR} ${ISAPROBE_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig)
  set(ENV{PKG_CONFIG_SYSROOT_DIR} ${ISAPROBE_SYSROOT})
endif()
