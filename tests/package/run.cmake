# Builds tests/package/consumer against carom, either through the installed
# package (find_package) or through add_subdirectory, then runs it.
file(REMOVE_RECURSE ${WORK})
set(consumer ${CAROM_SOURCE}/tests/package/consumer)
if(MODE STREQUAL "find_package")
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${CAROM_SOURCE} -B ${WORK}/carom -G ${GENERATOR}
                          -DCAROM_BUILD_TESTS=OFF -DCAROM_BUILD_BENCHMARKS=OFF
                          -DCAROM_BUILD_EXAMPLES=OFF -DCMAKE_INSTALL_PREFIX=${WORK}/prefix
                  COMMAND_ERROR_IS_FATAL ANY)
  execute_process(COMMAND ${CMAKE_COMMAND} --install ${WORK}/carom COMMAND_ERROR_IS_FATAL ANY)
  set(extra -DCMAKE_PREFIX_PATH=${WORK}/prefix)
else()
  set(extra -DCAROM_SOURCE=${CAROM_SOURCE})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${consumer} -B ${WORK}/consumer -G ${GENERATOR}
                        -DCMAKE_CXX_COMPILER=${CXX} -DMODE=${MODE} ${extra}
                COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/consumer COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK}/consumer/consumer OUTPUT_VARIABLE out COMMAND_ERROR_IS_FATAL ANY)
if(NOT out MATCHES "collision at t = 0.5")
  message(FATAL_ERROR "consumer printed: ${out}")
endif()
message(STATUS "${MODE} consumer printed: ${out}")
if(EXISTS ${WORK}/consumer/consumer_threads)
  execute_process(COMMAND ${WORK}/consumer/consumer_threads OUTPUT_VARIABLE out
                  COMMAND_ERROR_IS_FATAL ANY)
  if(NOT out MATCHES "with OpenMP: v = -0.500")
    message(FATAL_ERROR "consumer_threads printed: ${out}")
  endif()
  message(STATUS "${MODE} consumer_threads printed: ${out}")
endif()
