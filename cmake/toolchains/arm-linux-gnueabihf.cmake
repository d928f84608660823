# arm-linux-gnueabihf.cmake: cross-builds isaprobe for 32-bit Arm boards: RK3288 (Mali-T760), Exynos 5250 (Mali-T604), Allwinner A10-A33 and H3 (Mali-400), with Debian's cross compiler and the
# board's libraries as Debian multiarch packages (README, "Running on a board"):
#   apt install gcc-arm-linux-gnueabihf
#   dpkg --add-architecture armhf && apt update && apt install libdrm-dev:armhf libsqlite3-dev:armhf
#   cmake -B build/armhf -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-linux-gnueabihf.cmake \
#         -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
# Libraries and pkg-config files of the target architecture only, never the build machine's.
set(CMAKE_LIBRARY_ARCHITECTURE arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/arm-linux-gnueabihf/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
# Where multiarch installs clash with the build machine's packages: unpack the board's
# libdrm2, libdrm-dev, libsqlite3-0 and libsqlite3-dev .debs (apt download PKG:ARCH;
# dpkg -x PKG.deb DIR) into DIR and pass -DISAPROBE_SYSROOT=DIR.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES ISAPROBE_SYSROOT)
if(ISAPROBE_SYSROOT)
  list(APPEND CMAKE_PREFIX_PATH ${ISAPROBE_SYSROOT}/usr)
  set(ENV{PKG_CONFIG_LIBDIR} ${ISAPROBE_SYSROOT}/usr/lib/arm-linux-gnueabihf/pkgconfig)
  set(ENV{PKG_CONFIG_SYSROOT_DIR} ${ISAPROBE_SYSROOT})
endif()
